import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMissingVerificationCode, VERIFICATION_KIND } from '../../../src/shared/errors/payloads';
import * as routes from '../../../src/routes/refs';

const navigate = vi.fn();
const startSettingsVerification = vi.fn(() => Promise.resolve({ kind: 'leaving' }));
const account = { email: 'player@example.test', emailVerified: true, primaryAuthType: 'TOTP', authTypeList: ['TOTP'] };
vi.mock('../../../src/client/navigation/browser', () => ({
  navigate,
  goTo: vi.fn(),
  redirectPolicy: () => ({ allowedHosts: [] }),
}));
// This page is setting/authenticator-enable.
vi.mock('../../../src/client/navigation/routes', () => ({
  currentRoute: () => ({ name: 'authenticator-enable', path: 'setting/authenticator-enable' }),
}));
vi.mock('../../../src/client/host/analytics', () => ({ track: vi.fn() }));
vi.mock('../../../src/client/http/client', () => ({ call: vi.fn(() => Promise.resolve({})) }));
vi.mock('../../../src/islands/mfa/verification/start', () => ({ startSettingsVerification }));
vi.mock('../../../src/islands/settings/account', () => ({ accountWhenLoaded: () => Promise.resolve(account) }));
vi.stubGlobal('location', { href: 'https://account.lumenforge.com/account/en/setting/authenticator-enable' });

const { handleSettingsError, inlineCodeOf } = await import('../../../src/islands/settings/handle-error');
const { ensureEmailVerified } = await import('../../../src/islands/settings/email-first');
const { ApiError } = await import('../../../src/client/http/api-error');
const { $dialogs, resolveDialog } = await import('../../../src/client/dialogs/queue');
// The handler loads with the first error (handle-error.ts). Loaded here, outside any test's time, so a busy machine
// spends the module's first transform before the tests start rather than inside the first one.
await import('../../../src/islands/settings/settings-errors');

const verifyFirst = () =>
  new ApiError('20008', 403, {
    serverMessage: formatMissingVerificationCode(VERIFICATION_KIND.trustedDevice),
    endpointId: 'startTotpEnrolment',
  });

type Queued = ReturnType<typeof $dialogs.get>[number];

/** The dialog the queue holds, now or when it is queued: the store's own event, no polling deadline. */
function queued(): Promise<Queued> {
  return new Promise((resolve) => {
    const unbind = $dialogs.subscribe((list) => {
      const first = list[0];
      if (first === undefined) return;
      queueMicrotask(() => {
        unbind();
      });
      resolve(first);
    });
  });
}

/** Answers the dialog that is open, once it is queued; returns its spec. */
async function answer(result?: unknown) {
  const request = await queued();
  expect($dialogs.get()).toHaveLength(1);
  resolveDialog(request.id, result);
  return request.spec;
}

beforeEach(() => {
  navigate.mockReset();
  startSettingsVerification.mockClear();
  $dialogs.set([]);
});

describe('settings errors: verify first is 20008 N=9 (spec §4, §8)', () => {
  it('asks to verify, then runs the settings verification with this screen as the target', async () => {
    const done = handleSettingsError(verifyFirst());
    expect(await answer(true)).toMatchObject({ kind: 'confirm', titleKey: 'settings.verifyFirst.title' });
    await expect(done).resolves.toEqual({ kind: 'handled' });
    expect(startSettingsVerification).toHaveBeenCalledWith(
      { name: 'authenticator-enable', path: 'setting/authenticator-enable' },
      account,
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('cancel goes to security, as §8 says for N=9', async () => {
    const done = handleSettingsError(verifyFirst());
    await answer(false);
    await done;
    expect(startSettingsVerification).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(routes.security, { route: routes.security });
  });

  it('20038 is invalid access whatever the call: the error dialog, no verification', async () => {
    const done = handleSettingsError(new ApiError('20038', 403, { endpointId: 'disableTotp' }));
    expect(await answer()).toEqual({ kind: 'error', code: '20038' });
    await expect(done).resolves.toEqual({ kind: 'handled' });
    expect(startSettingsVerification).not.toHaveBeenCalled();
  });

  it('another N of 20008 is not a settings verification', async () => {
    const done = handleSettingsError(new ApiError('20008', 403, { serverMessage: 'missing verification code: 3' }));
    expect(await answer()).toEqual({ kind: 'error', code: '20008' });
    await done;
    expect(startSettingsVerification).not.toHaveBeenCalled();
  });

  it('inside a dialog, verify first leaves the dialog for the full handling; a wrong code stays inline', async () => {
    expect(await inlineCodeOf(verifyFirst())).toBeUndefined();
    expect(await inlineCodeOf(new ApiError('20068', 400))).toBe('20068');
  });
});

describe('a verified email first (spec §4, §6)', () => {
  it('lets the change go ahead when the email is verified or unknown', async () => {
    await expect(ensureEmailVerified({ emailVerified: true })).resolves.toBe(true);
    await expect(ensureEmailVerified(null)).resolves.toBe(true);
    expect($dialogs.get()).toHaveLength(0);
  });

  it('otherwise explains and offers the account overview', async () => {
    const done = ensureEmailVerified({ emailVerified: false });
    expect(await answer(true)).toMatchObject({ kind: 'confirm', titleKey: 'settings.emailFirst.title' });
    await expect(done).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith(routes.accountOverview);
  });

  it('declined, it goes to the given screen', async () => {
    const done = ensureEmailVerified({ emailVerified: false }, routes.security);
    await answer(false);
    await expect(done).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith(routes.security);
  });
});
