/**
 * 390 px phones (issue 25 §3): no page is wider than the screen, in several locales, and nothing breaks inside a
 * word — the header's account and language buttons ("アカウ/ント" in ja), the product name (en), and the dates in the
 * sessions card ("2026/11/2" / "8 20:53"). Signed-out screens of the platform frame (global/signup, simple/signup,
 * whose frame had no width of its own) and signed-in settings screens (communication preferences in de, security).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';
import { createTestAccount, hydrated, uniqueEmail } from './support/signin';
import { signedIn } from './support/two-factor';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** How much wider than the viewport the page is, and the widest elements that stick out (for the failure message). */
async function overflow(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate((width) => {
    // An element sticking out, or the text of one (a long word overflows its box without widening it).
    const sticksOut = (el: HTMLElement) => {
      if (el.getBoundingClientRect().right > width + 0.5) return true;
      const range = document.createRange();
      range.selectNodeContents(el);
      return (
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE) &&
        range.getBoundingClientRect().right > width + 0.5
      );
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(sticksOut)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.offsetWidth)}px`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, WIDTH);
}

async function expectFits(page: Page, path: string): Promise<void> {
  const { scrollWidth, wide } = await overflow(page);
  expect(scrollWidth, `${path} at ${String(WIDTH)} px: ${wide.join(', ')}`).toBeLessThanOrEqual(WIDTH);
}

/**
 * Each of these elements shows its words whole: no word is wider than the box it sits in (a narrower box breaks
 * it, as "overflow-wrap: anywhere" or a squeezed flex item did), and no word is split over two lines.
 */
async function expectWholeWords(page: Page, selector: string): Promise<void> {
  const broken = await page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((el) => {
      // The words on screen: a visually hidden prefix ("Language: ") is read out, not shown.
      const shown = el.cloneNode(true) as HTMLElement;
      shown.querySelectorAll('.visually-hidden').forEach((hidden) => {
        hidden.remove();
      });
      const text = shown.textContent.trim();
      // ja has no spaces: the whole label is one word to the browser and must sit on one line.
      const words = text.split(/\s+/).filter((w) => w !== '');
      const style = getComputedStyle(el);
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${style.font};letter-spacing:${style.letterSpacing}`;
      document.body.appendChild(probe);
      const box = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const out = words
        .filter((word) => {
          probe.textContent = word;
          return probe.getBoundingClientRect().width > box + 0.5;
        })
        .map((word) => `"${word}" in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      probe.remove();
      return out;
    }),
  );
  expect(broken, `words broken at ${String(WIDTH)} px`).toEqual([]);
}

/** Each of these elements sits on one line (the product name, a header button): a phone wraps the header instead. */
async function expectOneLine(page: Page, selector: string): Promise<void> {
  const wrapped = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => {
        // The lines of the text on screen (a visually hidden prefix such as "Language: " is read out, not shown).
        const tops = new Set<number>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          if (node.parentElement?.closest('.visually-hidden') != null) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return tops.size > 1;
      })
      .map((el) => `"${el.textContent.trim()}" in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
  expect(wrapped, `wrapped at ${String(WIDTH)} px`).toEqual([]);
}

const HEADER = '.site-header .brand span, .site-header summary';

const SIGNED_OUT: readonly [Locale, string][] = (['en', 'ja', 'de', 'ru', 'th'] as const).flatMap((locale) => [
  [locale, 'global/signup'] as [Locale, string],
  [locale, 'simple/signup'] as [Locale, string],
]);

for (const [locale, path] of SIGNED_OUT)
  test(`${locale}/${path} fits a ${String(WIDTH)} px screen`, async ({ page }) => {
    await page.goto(`/account/${locale}/${path}`);
    await hydrated(page);
    // The sign-up form and the provider buttons, as the frame shows them once it has checked the session.
    await expect(page.locator('form.create-form')).toBeVisible();
    await expect(page.locator('.social-providers')).toBeVisible();
    await expectFits(page, `${locale}/${path}`);
  });

for (const locale of ['en', 'ja'] as const)
  test(`${locale}: the header's product name and buttons keep their words whole at ${String(WIDTH)} px`, async ({
    page,
  }) => {
    await page.goto(`/account/${locale}/login`);
    await hydrated(page);
    await expectFits(page, `${locale}/login`);
    await expectOneLine(page, HEADER);
  });

test(`signed in: settings screens fit ${String(WIDTH)} px (de, ja, en) and the sessions card keeps dates whole`, async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('narrow');
  await createTestAccount(request, baseURL ?? '', email);
  await signedIn(page, email);
  for (const locale of ['ja', 'en', 'de'] as const)
    for (const path of ['setting/communication-preference', 'setting/security', 'setting/account-overview']) {
      await page.goto(`/account/${locale}/${path}`);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (path === 'setting/security') {
        await expect(page.locator('.device-meta dd').first()).toBeVisible();
        // The header too: signed in, it has the account menu beside the language picker.
        await expectOneLine(page, HEADER);
        await expectWholeWords(page, '.device-meta dd');
      }
      await expectFits(page, `${locale}/${path}`);
    }
});
