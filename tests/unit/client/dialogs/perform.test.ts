import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as routes from '../../../../src/routes/refs';

const navigate = vi.fn();
const goTo = vi.fn();
const track = vi.fn();
vi.mock('../../../../src/client/navigation/browser', () => ({ navigate, goTo }));
vi.mock('../../../../src/client/host/analytics', () => ({ track }));
vi.mock('../../../../src/client/http/client', () => ({ call: vi.fn(() => Promise.resolve({})) }));

const { performErrorAction, NOTICE_QUERY_KEY } = await import('../../../../src/client/dialogs/perform');
const { $dialogs, resolveDialog } = await import('../../../../src/client/dialogs/queue');
const { $captcha } = await import('../../../../src/client/stores/captcha');

/** Answers the dialog the action opens, once it is queued. */
async function answer(result?: unknown) {
  await vi.waitFor(() => {
    expect($dialogs.get()).toHaveLength(1);
  });
  const request = $dialogs.get()[0];
  resolveDialog(request?.id ?? -1, result);
  return request?.spec;
}

beforeEach(() => {
  navigate.mockReset();
  goTo.mockReset();
  track.mockReset();
  $dialogs.set([]);
});

describe('performErrorAction', () => {
  it('navigates to the named route and passes the notice code', async () => {
    const result = await performErrorAction({
      kind: 'navigate',
      target: { route: routes.login, query: { return_url: '/account/en/setting' } },
      notice: '20001',
    });
    expect(result).toEqual({ kind: 'done' });
    expect(navigate).toHaveBeenCalledWith(routes.login, {
      route: routes.login,
      query: { return_url: '/account/en/setting', [NOTICE_QUERY_KEY]: '20001' },
    });
  });

  it('asks the caller to rethrow when the handler says so', async () => {
    const result = await performErrorAction({
      kind: 'navigate',
      target: { route: routes.selfManyAttempts },
      rethrow: true,
    });
    expect(result).toEqual({ kind: 'rethrow' });
  });

  it('leaves for an external URL', async () => {
    await performErrorAction({ kind: 'external', url: 'https://www.lumenforge.com/expired' });
    expect(goTo).toHaveBeenCalledWith('https://www.lumenforge.com/expired');
  });

  it('portal ban: pushes an analytics event and opens the ban dialog', async () => {
    const done = performErrorAction({ kind: 'dialog', dialog: 'portal-ban', reason: '7002' });
    expect(await answer()).toEqual({ kind: 'ban', reason: '7002' });
    await expect(done).resolves.toEqual({ kind: 'done' });
    expect(track).toHaveBeenCalledWith({ event: 'account_blocked', reason: '7002' });
  });

  it('login failed opens the one-button dialog with the code', async () => {
    const done = performErrorAction({ kind: 'dialog', dialog: 'login-failed', code: '20002' });
    expect(await answer()).toEqual({ kind: 'login-failed', code: '20002' });
    await done;
  });

  it('error-dialog opens the error dialog for the code', async () => {
    const done = performErrorAction({ kind: 'error-dialog', code: '20187' });
    expect(await answer()).toEqual({ kind: 'error', code: '20187' });
    await done;
  });

  it('a flow dialog goes to the flow’s handler when it has one, else to the error dialog', async () => {
    const handler = vi.fn(() => Promise.resolve());
    await performErrorAction(
      { kind: 'dialog', dialog: 'terms-reconsent', code: '20255' },
      { 'terms-reconsent': handler },
    );
    expect(handler).toHaveBeenCalledWith({ kind: 'dialog', dialog: 'terms-reconsent', code: '20255' });
    const fallback = performErrorAction({ kind: 'dialog', dialog: 'terms-reconsent', code: '20255' });
    expect(await answer()).toEqual({ kind: 'error', code: '20255' });
    await fallback;
  });

  it('the different-region dialog logs out and goes to login on its button', async () => {
    const done = performErrorAction({ kind: 'dialog', dialog: 'logout', code: '20074' });
    expect((await answer(true))?.kind).toBe('custom');
    await done;
    expect(navigate).toHaveBeenCalledWith(routes.login, { replace: true });
  });

  it('show-captcha turns the visible widget on', async () => {
    $captcha.setKey('showCaptcha', false);
    await performErrorAction({ kind: 'show-captcha' });
    expect($captcha.get().showCaptcha).toBe(true);
  });

  it.each([
    { kind: 'success' },
    { kind: 'ignore' },
    { kind: 'parental-not-set' },
    { kind: 'form-error', code: '20068' },
    { kind: 'reject', code: '20050', message: 'x' },
  ] as const)('returns %j to the caller', async (descriptor) => {
    await expect(performErrorAction(descriptor)).resolves.toEqual(descriptor);
    expect($dialogs.get()).toEqual([]);
  });
});

describe('flow dialog handler types', () => {
  it('hands a multi-kind dialog its code', async () => {
    const seen: string[] = [];
    await performErrorAction(
      { kind: 'dialog', dialog: 'reactivation-required', code: '20102' },
      {
        'reactivation-required': (d) => {
          seen.push(d.dialog, d.code);
          return Promise.resolve();
        },
      },
    );
    expect(seen).toEqual(['reactivation-required', '20102']);
  });
});

describe('NEED_TO_SET_PASSWORD (spec §8: opens a create-password modal)', () => {
  it('asks with the code text, and its button opens the password creation, coming back after', async () => {
    vi.stubGlobal('location', { pathname: '/account/en/setting/linked-account', search: '?x=1' });
    const done = performErrorAction({ kind: 'dialog', dialog: 'create-password', code: 'NEED_TO_SET_PASSWORD' });
    const spec = await answer(true);
    await done;
    expect(spec).toMatchObject({
      kind: 'confirm',
      code: 'NEED_TO_SET_PASSWORD',
      confirmKey: 'error.modal.NEED_TO_SET_PASSWORD.button',
    });
    expect(navigate).toHaveBeenCalledWith(routes.settingPassword, {
      params: { type: 'create' },
      query: { return_url: '/account/en/setting/linked-account?x=1' },
    });
    vi.unstubAllGlobals();
  });

  it('goes nowhere when the player declines', async () => {
    const done = performErrorAction({ kind: 'dialog', dialog: 'create-password', code: 'NEED_TO_SET_PASSWORD' });
    await answer(false);
    await done;
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves it to a screen that has its own flow', async () => {
    const own = vi.fn(() => Promise.resolve());
    await performErrorAction(
      { kind: 'dialog', dialog: 'create-password', code: 'NEED_TO_SET_PASSWORD' },
      { 'create-password': own },
    );
    expect(own).toHaveBeenCalledTimes(1);
    expect($dialogs.get()).toHaveLength(0);
  });
});
