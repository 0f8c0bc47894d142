/**
 * add-child-login (issue 14): an existing minor signs in on the parent's device and is linked; the empty form
 * is refused without a call; a wrong password is said in the form. Calls mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { tpaSessionCookie } from '../../../client/api/launcher-login';
import { childLogin, childTpaLogin } from '../../../client/api/parental';
import { goTo } from '../../../client/navigation/page';
import { AddChildLogin } from './AddChildLogin';

vi.mock('../../../client/api/parental');
vi.mock('../../../client/api/launcher-login');

function renderLogin() {
  onPage({ route: 'add-child-login', search: '?parental_flow_mode=child' });
  render(<AddChildLogin strings={screenStrings('add-child-login')} locale="en" />);
}

it('refuses an empty form without a call', async () => {
  const user = userEvent.setup();
  renderLogin();
  await user.click(screen.getByRole('button', { name: 'parentalSetup.addChildLogin.submit' }));
  expect(screen.getByLabelText('parentalSetup.addChildLogin.id')).toHaveAccessibleDescription(
    'parentalSetup.addChildLogin.idRequired',
  );
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.id'), 'kid@example.test');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.addChildLogin.submit' }));
  expect(screen.getByLabelText('parentalSetup.addChildLogin.password')).toHaveAccessibleDescription(
    'form.password.required',
  );
  expect(childLogin).not.toHaveBeenCalled();
});

it('links the child with the captcha token, then shows add-child/complete for it', async () => {
  const user = userEvent.setup();
  vi.mocked(childLogin).mockResolvedValue({ globalUserNo: 900004 });
  renderLogin();
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.id'), ' kid@example.test ');
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.password'), 'Kid-pass-1234');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.addChildLogin.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(
      '/account/en/setting/parental-controls/add-child/complete?parental_flow_mode=child&child=900004',
      false,
    );
  });
  expect(childLogin).toHaveBeenCalledWith({
    id: 'kid@example.test',
    password: 'Kid-pass-1234',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
  });
});

it('is busy while the child signs in, and a second click sends nothing more', async () => {
  const user = userEvent.setup();
  vi.mocked(childLogin).mockReturnValue(new Promise(() => undefined));
  renderLogin();
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.id'), 'kid@example.test');
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.password'), 'Kid-pass-1234');
  const submit = screen.getByRole('button', { name: /parentalSetup.addChildLogin.submit/ });
  await user.click(submit);
  await waitFor(() => expect(childLogin).toHaveBeenCalledTimes(1));
  expect(submit).toHaveAttribute('aria-disabled', 'true');
  await user.click(submit);
  expect(childLogin).toHaveBeenCalledTimes(1);
});

it('says a wrong id or password in the form and stays', async () => {
  const user = userEvent.setup();
  vi.mocked(childLogin).mockRejectedValue(apiError('20002', 400));
  renderLogin();
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.id'), 'kid@example.test');
  await user.type(screen.getByLabelText('parentalSetup.addChildLogin.password'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.addChildLogin.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20002');
  expect(goTo).not.toHaveBeenCalled();
});

it('offers to create the child an account instead, in the child flow', () => {
  renderLogin();
  expect(screen.getByRole('link', { name: 'parentalSetup.addChildLogin.createInstead' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls/add-child/signup?parental_flow_mode=child',
  );
});

it("back from the child's provider sign-in: sets its session, adds the child and goes to add-child/complete", async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'login' });
  vi.mocked(childTpaLogin).mockResolvedValue({ globalUserNo: 900004 });
  onPage({ route: 'add-child-login', search: '?code=c0de&state=r.s&provider=google&parental_flow_mode=child' });
  render(<AddChildLogin strings={screenStrings('add-child-login')} locale="en" />);
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith(
      '/account/en/setting/parental-controls/add-child/complete?parental_flow_mode=child&child=900004',
      false,
    ),
  );
  expect(tpaSessionCookie).toHaveBeenCalledWith({ tpaType: 'google', code: 'c0de', state: 'r.s' });
  // The single-use code is off the URL: a reload does not spend it again.
  expect(location.search).toBe('?parental_flow_mode=child');
  expect(childLogin).not.toHaveBeenCalled();
});

it("a child's provider identity linked to no account is said in the form", async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'needsEmail' });
  vi.mocked(childTpaLogin).mockRejectedValue(apiError('20215', 404));
  onPage({ route: 'add-child-login', search: '?code=c0de&state=r.s&provider=google' });
  render(<AddChildLogin strings={screenStrings('add-child-login')} locale="en" />);
  expect(await screen.findByRole('alert')).toHaveTextContent(/20215/);
  expect(goTo).not.toHaveBeenCalled();
});

it('an expired provider sign-in (20159) is said in the form, not on link-failed; a forged provider calls nothing', async () => {
  vi.mocked(tpaSessionCookie).mockRejectedValue(apiError('20159', 401));
  onPage({ route: 'add-child-login', search: '?code=c0de&state=r.s&provider=google' });
  const { unmount } = render(<AddChildLogin strings={screenStrings('add-child-login')} locale="en" />);
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(childTpaLogin).not.toHaveBeenCalled();
  expect(goTo).not.toHaveBeenCalled();
  unmount();
  vi.mocked(tpaSessionCookie).mockClear();
  onPage({ route: 'add-child-login', search: '?code=c0de&state=r.s&provider=myspace' });
  render(<AddChildLogin strings={screenStrings('add-child-login')} locale="en" />);
  await waitFor(() => expect(location.search).toBe(''));
  expect(tpaSessionCookie).not.toHaveBeenCalled();
});
