/**
 * The login card holds every way to sign in (issue 25 §3): the provider buttons sit inside it, under the form's own
 * controls, and stay there once the island has hydrated (they are the island's static children, not its code).
 */
import { expect, test } from '@playwright/test';
import { hydrated, text } from './support/signin';

for (const path of ['login', 'global/login'])
  test(`${path}: the provider buttons sit inside the sign-in card`, async ({ page }) => {
    await page.goto(`/account/en/${path}`);
    await hydrated(page);
    const card = page.locator('form.login-form');
    const providers = card.locator('.social-providers');
    await expect(providers.getByRole('heading', { name: text('en', 'social.buttons.heading') })).toBeVisible();
    await expect(providers.getByRole('link', { name: /Google/ })).toBeVisible();
    // Inside the card's box, above the "no account yet?" line.
    const cardBox = await card.boundingBox();
    const box = await providers.boundingBox();
    expect(cardBox && box && box.y + box.height <= cardBox.y + cardBox.height).toBe(true);
    await expect(page.locator('main > .social-providers')).toHaveCount(0);
  });

test("each provider button shows its brand's mark, in the page's colour scheme", async ({ page, request }) => {
  await page.goto('/account/en/login');
  await hydrated(page);
  const marks = page.locator('.social-providers a img');
  const links = page.locator('.social-providers a');
  await expect(marks).toHaveCount(await links.count());
  // Decorative: the link's name is the provider's, the mark adds nothing to it.
  await expect(
    page.getByRole('link', { name: text('en', 'social.buttons.continueWith', { provider: 'Google' }) }),
  ).toBeVisible();
  for (const mark of await marks.all()) {
    await expect(mark).toHaveAttribute('alt', '');
    await mark.scrollIntoViewIfNeeded();
    // Loaded and drawn: a broken or refused image has no natural width.
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = (await mark.getAttribute('src')) ?? '';
    const response = await request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()['content-type'], src).toContain('image/svg+xml');
  }
  // A black mark (Apple) follows the text colour: light on the dark scheme, dark on the light one.
  const apple = page.locator('.social-providers img[src$="/apple.svg"]');
  const ink = () =>
    apple.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = 20;
      canvas.height = 20;
      const context = canvas.getContext('2d');
      if (context === null) return 0;
      context.drawImage(img, 0, 0, 20, 20);
      // The mark's brightest drawn pixel, 0 (black) to 255 (white).
      const data = context.getImageData(0, 0, 20, 20).data;
      let brightest = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 3] ?? 0) > 128) brightest = Math.max(brightest, data[i] ?? 0);
      return brightest;
    });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(ink).toBeGreaterThan(200);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(ink).toBeLessThan(60);
});
