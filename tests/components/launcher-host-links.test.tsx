/**
 * Links in the launcher (src/client/launcher/host-links.ts): the language picker shows the launcher's 12
 * languages and reports the choice to the host; links to other sites go to the host's external-link call and
 * the frame stays.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => ({ hostLanguageChange: vi.fn(() => true), hostOpenExternalLink: vi.fn(() => true) }));
vi.mock('../../src/client/host/launcher-bridge', () => host);
const nav = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../src/client/navigation/page', async (original) => ({
  ...(await original<typeof import('../../src/client/navigation/page')>()),
  goTo: nav.goTo,
}));

const { appSignInProvider, bindLauncherLinks } = await import('../../src/client/launcher/host-links');
const { onPage } = await import('./helpers');
const { LOCALES } = await import('../../src/i18n/locales');

function page(): void {
  document.body.innerHTML = `
    <details class="lang-picker"><summary>English</summary><ul>
      ${LOCALES.map((l) => `<li><a href="/account/${l}/login" hreflang="${l}">${l}</a></li>`).join('')}
    </ul></details>
    <a id="help" href="https://help.lumenforge.com/hc">Help</a>
    <a id="inside" href="/account/en/self-service">Can't sign in?</a>
    <a id="google" data-tpa="" href="/api/account/v1/no-auth/tpa/google/start?locale=en">Google</a>
    <a id="link" data-tpa="" href="/api/account/v1/no-auth/tpa/google/start?locale=en&actionType=socialLink">Link</a>`;
}

beforeEach(() => {
  vi.clearAllMocks();
  page();
});

describe('launcher links', () => {
  it('the language list has 12 entries: Japanese only outside the app', () => {
    expect(document.querySelectorAll('.lang-picker a[hreflang]')).toHaveLength(13);
    bindLauncherLinks();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.lang-picker a[hreflang]')];
    expect(links).toHaveLength(12);
    expect(links.map((a) => a.hreflang)).not.toContain('ja');
  });

  it('a language choice is reported to the host', () => {
    bindLauncherLinks();
    const de = document.querySelector<HTMLAnchorElement>('a[hreflang="de"]');
    de?.addEventListener('click', (e) => {
      e.preventDefault();
    });
    de?.click();
    expect(host.hostLanguageChange).toHaveBeenCalledWith('de');
  });

  it('another site opens through the host; the portal’s own links stay in the frame', () => {
    bindLauncherLinks();
    const help = document.getElementById('help') as HTMLAnchorElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    help.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(host.hostOpenExternalLink).toHaveBeenCalledWith('https://help.lumenforge.com/hc');

    const inside = document.getElementById('inside') as HTMLAnchorElement;
    const stay = new MouseEvent('click', { bubbles: true, cancelable: true });
    inside.addEventListener('click', (e) => {
      // Keep happy-dom from navigating; the handler under test must not have cancelled it.
      expect(e.defaultPrevented).toBe(false);
      e.preventDefault();
    });
    inside.dispatchEvent(stay);
    expect(host.hostOpenExternalLink).toHaveBeenCalledTimes(1);
  });
});

describe('provider buttons in the launcher', () => {
  it('a sign-in provider goes to login/tpa/{provider}?app=1 before the buttons’ own listener runs', () => {
    onPage({ route: 'login' });
    page();
    bindLauncherLinks();
    const own = vi.fn();
    window.addEventListener('click', own);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('google')?.dispatchEvent(event);
    window.removeEventListener('click', own);
    expect(event.defaultPrevented).toBe(true);
    expect(own).not.toHaveBeenCalled();
    expect(nav.goTo).toHaveBeenCalledWith('/account/en/login/tpa/google?app=1');
  });

  it('a link flow (actionType) is not a sign-in: not taken over', () => {
    expect(appSignInProvider('/api/account/v1/no-auth/tpa/google/start?locale=en&actionType=socialLink')).toBe(
      undefined,
    );
    expect(appSignInProvider('/api/account/v1/no-auth/tpa/discord/start?locale=de')).toBe('discord');
    expect(appSignInProvider('https://help.lumenforge.com/hc')).toBe(undefined);
  });
});
