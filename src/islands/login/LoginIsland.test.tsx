/**
 * The sign-in form (spec §2 login, §4 "Login flow", §5, §8) rendered with key
 * stubs; the §7 calls are mocked at src/client/api (tests/components/README.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, cookiesTurnedOff, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { webEmailLogin } from '../../client/api/launcher-login';
import { getAccount } from '../../client/api/settings';
import { goTo } from '../../client/navigation/page';
import { renderLive, typeInto } from '../../../tests/components/live-root';
import { LoginIsland } from './LoginIsland';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '5f0c6a4e-3b1d-4c8e-9a2f-7d6e5c4b3a21';

const loginIsland = () => (
  <LoginIsland
    strings={screenStrings('login')}
    locale="en"
    createPath="/account/en/create"
    recoveryPath="/account/en/self-service"
  />
);

function renderLogin() {
  onPage({ route: 'login' });
  render(loginIsland());
  return {
    id: screen.getByLabelText('login.id.label'),
    password: screen.getByLabelText('login.password.label'),
    submit: screen.getByRole('button', { name: 'login.submit' }),
  };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, id = 'player@example.com', password = 'Secret-pass1') {
  const form = renderLogin();
  await user.type(form.id, id);
  await user.type(form.password, password);
  await user.click(form.submit);
  return form;
}

describe('LoginIsland', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('renders a labelled form: email or ID, password, remember me, submit, recovery and create links', () => {
    const { id, password } = renderLogin();
    expect(screen.getByRole('form', { name: 'login.heading' })).toBeInTheDocument();
    expect(id).toHaveAttribute('autocomplete', 'username webauthn');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'login.rememberMe' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'login.recovery' })).toHaveAttribute('href', '/account/en/self-service');
    expect(screen.getByRole('link', { name: 'login.create' })).toHaveAttribute('href', '/account/en/create');
    // The visible captcha only comes with the configuration's showCaptcha (or 20072).
    expect(screen.queryByRole('group', { name: 'form.captcha.label' })).not.toBeInTheDocument();
  });

  it('refuses an empty form with the field messages, focuses the first field and calls nothing', async () => {
    const { id, password, submit } = renderLogin();
    await user.click(submit);
    expect(id).toHaveAccessibleDescription('login.id.required');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveFocus();
    expect(password).toHaveAccessibleDescription('login.password.required');

    await user.type(id, '   ');
    await user.click(submit);
    // Only spaces is still no ID.
    expect(id).toHaveAccessibleDescription('login.id.required');

    await user.clear(id);
    await user.type(id, 'player@example.com');
    await user.click(submit);
    expect(id).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveFocus();
    expect(webEmailLogin).not.toHaveBeenCalled();
  });

  it('signs in with the typed values, the v3 captcha token and the device id, then leaves for the next screen', async () => {
    vi.mocked(webEmailLogin).mockResolvedValue({
      countryCode: 'US',
      hashedUserNo: 'a1b2c3',
      hashedGlobalUserNo: 'd4e5f6',
      autoLogin: false,
    });
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: false }));
    await signIn(user, '  player@example.com ');

    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/promo-2fa');
    });
    expect(webEmailLogin).toHaveBeenCalledTimes(1);
    expect(webEmailLogin).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'player@example.com',
        password: 'Secret-pass1',
        captchaToken: 'dev-captcha-pass',
        captchaVersion: 'v3',
        deviceId: DEVICE_ID,
        autoLogin: false,
      }),
      { unified: false },
    );
  });

  it('sends the sign-in before any render (busy, or a form status), and a second click before it sends nothing', async () => {
    // React builds the form's FormData only to render a form status nobody reads (../shared/submit-transition).
    const built = vi.spyOn(globalThis, 'FormData');
    onPage({ route: 'login' });
    const busyAtCall: (string | null)[] = [];
    vi.mocked(webEmailLogin).mockImplementation(() => {
      busyAtCall.push(screen.getByRole('button', { name: 'login.submit' }).getAttribute('aria-disabled'));
      return new Promise(() => undefined);
    });
    const live = renderLive(loginIsland());
    try {
      typeInto(screen.getByLabelText('login.id.label'), 'player@example.com');
      typeInto(screen.getByLabelText('login.password.label'), 'Secret-pass1');
      // The input warmed the action path; the click finds it loaded, as on a page idle for a moment.
      await import('./after-submit');
      await new Promise((resolve) => setTimeout(resolve, 0));
      const submit = screen.getByRole('button', { name: 'login.submit' });
      submit.click();
      submit.click();
      await waitFor(() => {
        expect(submit).toHaveAttribute('aria-disabled', 'true');
      });
      expect(busyAtCall).toEqual([null]);
      expect(built).not.toHaveBeenCalled();
      expect(webEmailLogin).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
      live.close();
    }
  });

  it('shows the wrong-credentials text (20002) in the sign-in failed dialog, then takes a new attempt', async () => {
    vi.mocked(webEmailLogin).mockRejectedValueOnce(apiError('20002', 401));
    const { submit } = await signIn(user);

    const dialog = await screen.findByRole('dialog', { name: 'dialog.loginFailed.title' });
    expect(dialog).toHaveAccessibleDescription('error.form.20002');
    await user.click(within(dialog).getByRole('button', { name: 'dialog.loginFailed.button' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    // The form is ready again, not stuck busy.
    expect(submit).not.toHaveAttribute('aria-disabled');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('shows the visible captcha on 20072 and requires it before the next attempt, which sends the v2 token', async () => {
    vi.mocked(webEmailLogin).mockRejectedValueOnce(apiError('20072', 400));
    const { submit } = await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.captcha');
    const captcha = await screen.findByRole('group', { name: 'form.captcha.label' });
    await user.click(submit);
    expect(captcha).toHaveAccessibleDescription('form.captcha.required');
    expect(webEmailLogin).toHaveBeenCalledTimes(1);

    vi.mocked(webEmailLogin).mockRejectedValueOnce(apiError('20002', 401));
    await user.click(within(captcha).getByRole('checkbox', { name: 'form.captcha.label' }));
    await user.click(submit);
    await screen.findByRole('dialog', { name: 'dialog.loginFailed.title' });
    expect(webEmailLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ captchaToken: 'dev-captcha-pass', captchaVersion: 'v2' }),
      { unified: false },
    );
  });

  it('with cookies turned off says so in the form and spends no attempt', async () => {
    const restoreCookies = cookiesTurnedOff();
    try {
      const { submit } = await signIn(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('error.form.COOKIES_OFF');
      expect(webEmailLogin).not.toHaveBeenCalled();
      // The form is ready again: once cookies are allowed (and the page reloaded) the player signs in.
      expect(submit).not.toHaveAttribute('aria-disabled');
    } finally {
      restoreCookies();
    }
  });

  it('says the attempt limit was reached (20187) in the error dialog', async () => {
    vi.mocked(webEmailLogin).mockRejectedValueOnce(apiError('20187', 429));
    await signIn(user);

    const dialog = await screen.findByRole('dialog', { name: 'error.modal.20187.title' });
    expect(dialog).toHaveAccessibleDescription('error.modal.20187.desc');
  });

  it('shows the code carried back in ?errorCode= as the form error, with its own text', async () => {
    onPage({ route: 'login', search: '?errorCode=20002' });
    render(<LoginIsland strings={screenStrings('login')} locale="en" createPath="/c" recoveryPath="/r" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('error.form.20002');
    // Spec §8: the support link comes only with the general message.
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });
});
