/**
 * login/zendesk (spec §7 login/token → login/zendesk, §8 20100) rendered with key stubs; the §7 calls are mocked
 * at src/client/api (tests/components/README.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { loginToken, zendeskLogin } from '../../client/api/launcher-login';
import { goTo } from '../../client/navigation/page';
import { $captcha } from '../../client/stores/captcha';
import { DeskLoginIsland } from './DeskLoginIsland';

vi.mock('../../client/api/launcher-login');

const TOKEN = 'A'.repeat(43);
const DESK = 'https://lumenforge.zendesk.example/access/jwt?jwt=a.b.c&return_to=x';

function renderForm() {
  onPage({ route: 'login-zendesk' });
  render(<DeskLoginIsland strings={screenStrings('login-zendesk')} locale="en" loginPath="/account/en/login" />);
  return {
    id: screen.getByLabelText('supportDesk.login.id.label'),
    password: screen.getByLabelText('supportDesk.login.password.label'),
    submit: screen.getByRole('button', { name: 'supportDesk.login.submit' }),
  };
}

describe('DeskLoginIsland', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  async function fillAndSubmit(id = ' blocked@example.com ', password = 'Secret-pass1') {
    const form = renderForm();
    await user.type(form.id, id);
    await user.type(form.password, password);
    await user.click(form.submit);
    return form;
  }

  it('renders a labelled form: email or ID, password, submit', () => {
    const { id, password } = renderForm();
    expect(screen.getByRole('form', { name: 'supportDesk.login.heading' })).toBeInTheDocument();
    expect(screen.getByText('supportDesk.login.intro')).toBeInTheDocument();
    expect(id).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('refuses an empty form without a call', async () => {
    const { id, password, submit } = renderForm();
    await user.click(submit);
    expect(id).toHaveAccessibleDescription('supportDesk.login.id.required');
    expect(id).toHaveFocus();
    await user.type(id, 'blocked@example.com');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription('supportDesk.login.password.required');
    expect(loginToken).not.toHaveBeenCalled();
  });

  it('gets the token, exchanges it, and goes to the support desk', async () => {
    vi.mocked(loginToken).mockResolvedValue({ token: TOKEN });
    vi.mocked(zendeskLogin).mockResolvedValue({ returnUrl: DESK });
    await fillAndSubmit();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(DESK));
    expect(loginToken).toHaveBeenCalledWith({
      id: 'blocked@example.com',
      password: 'Secret-pass1',
      captchaToken: 'dev-captcha-pass',
      captchaVersion: 'v3',
    });
    expect(zendeskLogin).toHaveBeenCalledWith(TOKEN, { unified: false });
  });

  it('shows the §8 text of a wrong password; the form is ready for another try', async () => {
    vi.mocked(loginToken).mockRejectedValue(apiError('20002', 401));
    const { submit } = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20002');
    expect(submit).not.toHaveAttribute('aria-disabled');
    expect(zendeskLogin).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('tells a player whose account is not blocked to sign in (403 20022), with the link', async () => {
    vi.mocked(loginToken).mockRejectedValue(apiError('20022', 403));
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('supportDesk.login.notBlocked');
    expect(screen.getByRole('link', { name: 'supportDesk.login.signIn' })).toHaveAttribute('href', '/account/en/login');
  });

  it('treats a 400 20022 as what it is (bad input), not as an unblocked account', async () => {
    vi.mocked(loginToken).mockRejectedValue(apiError('20022', 400));
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('supportDesk.login.notBlocked');
    expect(screen.queryByRole('link', { name: 'supportDesk.login.signIn' })).toBeNull();
  });

  it('asks to try again when the exchange fails', async () => {
    vi.mocked(loginToken).mockResolvedValue({ token: TOKEN });
    vi.mocked(zendeskLogin).mockRejectedValue(apiError('20022', 400));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('supportDesk.login.retry');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('shows the visible captcha on 20072 and requires it before the next attempt, which sends the v2 token', async () => {
    vi.mocked(loginToken).mockRejectedValueOnce(apiError('20072', 400));
    const { submit } = await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.captcha');
    expect($captcha.get().showCaptcha).toBe(true);
    const captcha = await screen.findByRole('group', { name: 'form.captcha.label' });
    await user.click(submit);
    expect(captcha).toHaveAccessibleDescription('form.captcha.required');
    expect(loginToken).toHaveBeenCalledTimes(1);

    vi.mocked(loginToken).mockResolvedValueOnce({ token: TOKEN });
    vi.mocked(zendeskLogin).mockResolvedValueOnce({ returnUrl: DESK });
    await user.click(within(captcha).getByRole('checkbox', { name: 'form.captcha.label' }));
    await user.click(submit);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(DESK));
    expect(loginToken).toHaveBeenLastCalledWith(
      expect.objectContaining({ captchaToken: 'dev-captcha-pass', captchaVersion: 'v2' }),
    );
  });

  it('shows the limit text of a locked client (20187)', async () => {
    vi.mocked(loginToken).mockRejectedValue(apiError('20187', 429));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20187.desc');
  });
});
