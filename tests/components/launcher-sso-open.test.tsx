/**
 * The launcher's account menu (src/client/launcher/sso-open.ts, docs/launcher.md "login/sso"): the signed-in portal
 * asks for a one-time code and has the host open login/sso in the system browser; a refusal is told to the host.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage } from './helpers';

const host = vi.hoisted(() => ({ hostOpenExternalLink: vi.fn(() => true), hostRequestToMain: vi.fn(() => true) }));
vi.mock('../../src/client/host/launcher-bridge', () => host);
vi.mock('../../src/client/api/launcher-app');
vi.mock('../../src/client/dialogs/queue', () => ({ errorDialog: vi.fn(() => Promise.resolve()) }));

const { requestSsoCode } = await import('../../src/client/api/launcher-app');
const { openInBrowser, OPEN_IN_BROWSER_FAILED } = await import('../../src/client/launcher/sso-open');
const CODE = 'S'.repeat(43);

beforeEach(() => {
  onPage({ route: 'login-success', locale: 'de' });
});

describe('openInBrowser', () => {
  it('opens login/sso with the code and the page in the system browser', async () => {
    vi.mocked(requestSsoCode).mockResolvedValue({ code: CODE, expiresIn: 60 });
    expect(await openInBrowser('security')).toBe(true);
    expect(requestSsoCode).toHaveBeenCalledWith({ deviceId: expect.any(String) as string });
    expect(host.hostOpenExternalLink).toHaveBeenCalledWith(
      `${location.origin}/account/de/login/sso?code=${CODE}&route_to=security`,
    );
  });

  it('a page that is not a route (or needs parameters) becomes the account overview', async () => {
    vi.mocked(requestSsoCode).mockResolvedValue({ code: CODE, expiresIn: 60 });
    await openInBrowser('nowhere');
    await openInBrowser('login-social-link');
    for (const [url] of host.hostOpenExternalLink.mock.calls as unknown as [string][])
      expect(new URL(url).searchParams.get('route_to')).toBe('account-overview');
  });

  it('a refusal opens nothing and is told to the host', async () => {
    vi.mocked(requestSsoCode).mockRejectedValue(apiError('20100', 403, '7002'));
    expect(await openInBrowser('security')).toBe(false);
    expect(host.hostOpenExternalLink).not.toHaveBeenCalled();
    expect(host.hostRequestToMain).toHaveBeenCalledWith(OPEN_IN_BROWSER_FAILED, { code: '20100' });
  });
});
