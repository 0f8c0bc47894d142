import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import {
  createSelfServiceSession,
  getSelfServiceAuthTypes,
  resetPasswordWithToken,
  resetSelfServicePassword,
} from '../../client/api/self-service';
import { goTo } from '../../client/navigation/page';
import { readFlow, writeFlow } from './flow';
import { ResetPassword } from './ResetPassword';

vi.mock('../../client/api/self-service');

afterEach(() => {
  sessionStorage.clear();
});

function renderReset(search = '') {
  onPage({ route: 'self-reset-password', search });
  render(<ResetPassword strings={screenStrings('self-reset-password')} locale="en" />);
}

it('refuses an empty email or ID without a call', async () => {
  const user = userEvent.setup();
  renderReset();
  await user.click(await screen.findByRole('button', { name: 'selfService.start.submit' }));
  expect(screen.getByLabelText('selfService.start.email.label')).toHaveAccessibleDescription(
    'selfService.start.email.invalid',
  );
  expect(createSelfServiceSession).not.toHaveBeenCalled();
});

it('opens a session with the captcha, looks the account up and goes to the email code', async () => {
  const user = userEvent.setup();
  vi.mocked(createSelfServiceSession).mockResolvedValue({ serialNumber: 'S-1' });
  vi.mocked(getSelfServiceAuthTypes).mockResolvedValue({
    authTypes: ['EMAIL'],
    primaryAuthType: 'EMAIL',
    phoneNo: null,
  });
  renderReset('?parental_flow_mode=parent');
  await user.type(await screen.findByLabelText('selfService.start.email.label'), 'player@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.start.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalled();
  });
  expect(createSelfServiceSession).toHaveBeenCalledWith(
    expect.objectContaining({ operationType: 'resetPassword', captchaAction: 'web_self_reset_password' }),
  );
  expect(getSelfServiceAuthTypes).toHaveBeenCalledWith('email', { serialNumber: 'S-1', value: 'player@example.com' });
  const href = vi.mocked(goTo).mock.calls[0]?.[0] ?? '';
  expect(href).toContain('/self-service/verify-account');
  expect(href).toContain('parental_flow_mode=parent');
  expect(readFlow()).toMatchObject({ serialNumber: 'S-1', searchBy: 'email', operationType: 'resetPassword' });
});

it('with the tab’s storage refused (cookies and site data blocked) says so and opens no session', async () => {
  const user = userEvent.setup();
  // As Chromium does when cookies are blocked for the site: reading `sessionStorage` throws.
  const own = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
    },
  });
  try {
    renderReset();
    await user.type(await screen.findByLabelText('selfService.start.email.label'), 'player@example.com');
    await user.click(screen.getByRole('button', { name: 'selfService.start.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.COOKIES_OFF');
    expect(createSelfServiceSession).not.toHaveBeenCalled();
    expect(getSelfServiceAuthTypes).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  } finally {
    if (own) Object.defineProperty(globalThis, 'sessionStorage', own);
  }
});

it('goes to too-many-attempts on 20157 at session creation', async () => {
  const user = userEvent.setup();
  vi.mocked(createSelfServiceSession).mockRejectedValue(
    Object.assign(apiError('20157', 429), { endpointId: 'createSelfServiceSession' }),
  );
  renderReset();
  await user.type(await screen.findByLabelText('selfService.start.email.label'), 'player@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.start.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/too-many-attempts'), false);
  });
});

it('takes the new password with a reset link and checks the confirmation first', async () => {
  const user = userEvent.setup();
  vi.mocked(resetPasswordWithToken).mockResolvedValue({});
  renderReset('?token=abc');
  await user.type(await screen.findByLabelText('selfService.reset.password'), 'Fresh-Start-42!');
  await user.type(screen.getByLabelText('selfService.reset.confirm'), 'Fresh-Start-43!');
  await user.click(screen.getByRole('button', { name: 'selfService.reset.submit' }));
  expect(screen.getByLabelText('selfService.reset.confirm')).toHaveAccessibleDescription('selfService.reset.mismatch');
  expect(resetPasswordWithToken).not.toHaveBeenCalled();
  await user.clear(screen.getByLabelText('selfService.reset.confirm'));
  await user.type(screen.getByLabelText('selfService.reset.confirm'), 'Fresh-Start-42!');
  await user.click(screen.getByRole('button', { name: 'selfService.reset.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/reset-password/success'), false);
  });
  expect(resetPasswordWithToken).toHaveBeenCalledWith({ token: 'abc', password: 'Fresh-Start-42!', language: 'en_US' });
});

it('shows the rule a refused password breaks', async () => {
  const user = userEvent.setup();
  writeFlow({
    serialNumber: 'S-2',
    operationType: 'resetPassword',
    searchBy: 'email',
    value: 'p@example.com',
    authTypes: [],
    primaryAuthType: null,
    phoneNo: null,
  });
  vi.mocked(resetSelfServicePassword).mockRejectedValue(apiError('20199'));
  renderReset('?showPasswordFields=true');
  await user.type(await screen.findByLabelText('selfService.reset.password'), 'Old-Pass-42!');
  await user.type(screen.getByLabelText('selfService.reset.confirm'), 'Old-Pass-42!');
  await user.click(screen.getByRole('button', { name: 'selfService.reset.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20199');
});
