import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, later, onPage, screenStrings, submitTwiceInOneTask } from '../../../tests/components/helpers';
import { getLinkingState, requestLinkCode, verifyLink } from '../../client/api/platform';
import { goTo } from '../../client/navigation/page';
import { LinkVerify } from './LinkVerify';

vi.mock('../../client/api/platform');

const pending = (authTypes: ('TOTP' | 'SMS' | 'EMAIL')[]) => ({
  platform: 'xbox' as const,
  accountType: 'adult' as const,
  game: null,
  linked: false,
  minor: false,
  pending: { email: 'p@example.com', authTypes, primaryAuthType: authTypes[0] ?? 'EMAIL', phoneNo: '+1 ***-***-0100' },
});

it('texts the code on arrival, refuses a wrong one and links with the right one', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(pending(['SMS']));
  vi.mocked(requestLinkCode).mockResolvedValue({});
  vi.mocked(verifyLink).mockRejectedValueOnce(apiError('20013', 401)).mockResolvedValueOnce({
    email: 'p@example.com',
    playerTag: 'Hero#1234',
  });
  onPage({ route: 'platform-verify-linking-sms' });
  render(
    <LinkVerify strings={screenStrings('platform-verify-linking-sms')} locale="en" platform="xbox" factor="SMS" />,
  );
  await waitFor(() => expect(requestLinkCode).toHaveBeenCalledWith('xbox', { authType: 'SMS', language: 'en_US' }));
  expect(screen.getByText('platform.verify.SMS.intro phone=+1 ***-***-0100')).toBeInTheDocument();

  const input = screen.getByLabelText('mfa.code.label');
  await user.type(input, '12');
  await user.click(screen.getByRole('button', { name: 'platform.verify.submit' }));
  expect(verifyLink).not.toHaveBeenCalled();

  await user.clear(input);
  await user.type(input, '111111');
  await user.click(screen.getByRole('button', { name: 'platform.verify.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');

  await user.clear(input);
  await user.type(input, '222222');
  await user.click(screen.getByRole('button', { name: 'platform.verify.submit' }));
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith(
      '/account/en/global/xbox/link-success?email=p%40example.com&tag=Hero%231234',
      false,
    ),
  );
  expect(verifyLink).toHaveBeenLastCalledWith('xbox', { authType: 'SMS', code: '222222' });
});

it('two submits in one frame check the code once', async () => {
  const { promise, answer } = later<Awaited<ReturnType<typeof verifyLink>>>();
  vi.mocked(getLinkingState).mockResolvedValue(pending(['TOTP']));
  vi.mocked(verifyLink).mockReturnValue(promise);
  onPage({ route: 'platform-verify-linking-2fa' });
  render(
    <LinkVerify strings={screenStrings('platform-verify-linking-2fa')} locale="en" platform="xbox" factor="TOTP" />,
  );
  await userEvent.type(screen.getByLabelText('mfa.code.label'), '123456');
  submitTwiceInOneTask(screen.getByRole('button', { name: 'platform.verify.submit' }));
  answer({ email: 'p@example.com', playerTag: null });
  await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
  expect(verifyLink).toHaveBeenCalledTimes(1);
});

it('2fa: the authenticator code, or a backup code instead; nothing is sent', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(pending(['TOTP', 'SMS']));
  vi.mocked(verifyLink).mockResolvedValue({ email: 'p@example.com', playerTag: null });
  onPage({ route: 'platform-verify-linking-2fa' });
  render(
    <LinkVerify strings={screenStrings('platform-verify-linking-2fa')} locale="en" platform="xbox" factor="TOTP" />,
  );
  expect(await screen.findByRole('link', { name: 'platform.verify.otherMethod' })).toHaveAttribute(
    'href',
    '/account/en/global/xbox/verify-linking/auth-types',
  );
  await user.click(screen.getByRole('button', { name: 'platform.verify.useBackup' }));
  await user.type(screen.getByLabelText('mfa.code.backupLabel'), '12345678');
  await user.click(screen.getByRole('button', { name: 'platform.verify.submit' }));
  await waitFor(() => expect(verifyLink).toHaveBeenCalledWith('xbox', { authType: 'BACKUP_CODE', code: '12345678' }));
  expect(requestLinkCode).not.toHaveBeenCalled();
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/global/xbox/link-success?email=p%40example.com', false),
  );
});

it('without a password step in progress says to start again', async () => {
  vi.mocked(getLinkingState).mockResolvedValue({ ...pending([]), pending: null });
  onPage({ route: 'platform-verify-linking-code' });
  render(
    <LinkVerify strings={screenStrings('platform-verify-linking-code')} locale="en" platform="xbox" factor="EMAIL" />,
  );
  expect(await screen.findByText('platform.verify.expired')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'platform.verify.startAgain' })).toHaveAttribute(
    'href',
    '/account/en/global/xbox/login',
  );
  expect(requestLinkCode).not.toHaveBeenCalled();
});

it('an expired platform session goes to link-failed (20159)', async () => {
  vi.mocked(getLinkingState).mockRejectedValue(apiError('20159', 401));
  onPage({ route: 'platform-verify-linking-code' });
  render(
    <LinkVerify strings={screenStrings('platform-verify-linking-code')} locale="en" platform="xbox" factor="EMAIL" />,
  );
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith(expect.stringMatching(/^\/account\/en\/global\/xbox\/link-failed/), false),
  );
});
