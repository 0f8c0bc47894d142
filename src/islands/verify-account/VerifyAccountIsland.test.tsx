/**
 * login/verify-account (spec §2, §4 "Account verification"): the account's state loads at mount (a failure shown
 * with a retry), a fresh link is sent on request, busy while it goes and once only, a refusal shown in its place,
 * and a signed-out player (20001) sent to login.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { getAccount, requestVerifyEmail } from '../../client/api/settings';
import { $errorTexts, loadErrorTexts } from '../../client/errors/texts';
import { goTo } from '../../client/navigation/page';
import { VerifyAccountIsland } from './VerifyAccountIsland';

vi.mock('../../client/api/settings');

function renderIsland() {
  onPage({ route: 'login-verify-account' });
  render(<VerifyAccountIsland strings={screenStrings('login-verify-account')} locale="en" />);
}

it('shows where the link went, and sends a fresh one once while busy', async () => {
  const user = userEvent.setup();
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: false }));
  let answer: (value: Record<string, never>) => void = () => undefined;
  vi.mocked(requestVerifyEmail).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderIsland();
  expect(screen.getByRole('status')).toHaveTextContent('verifyAccount.loading');
  expect(await screen.findByText(/verifyAccount.body email=player@example.com/)).toBeInTheDocument();
  const resend = screen.getByRole('button', { name: 'verifyAccount.resend' });
  await user.click(resend);
  await user.click(resend);
  expect(requestVerifyEmail).toHaveBeenCalledTimes(1);
  expect(resend).toHaveTextContent('verifyAccount.sending');
  answer({});
  expect(await screen.findByText('verifyAccount.resent')).toBeInTheDocument();
  expect(resend).toHaveTextContent('verifyAccount.resend');
});

it('shows a refused resend in its place, and clears it on the next try', async () => {
  const user = userEvent.setup();
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: false }));
  vi.mocked(requestVerifyEmail).mockRejectedValueOnce(apiError('20187', 429)).mockResolvedValueOnce({});
  renderIsland();
  const resend = await screen.findByRole('button', { name: 'verifyAccount.resend' });
  await user.click(resend);
  expect(await screen.findByText('error.modal.20187.desc')).toHaveClass('alert');
  await user.click(resend);
  expect(await screen.findByText('verifyAccount.resent')).toBeInTheDocument();
  expect(screen.queryByText('error.modal.20187.desc')).not.toBeInTheDocument();
});

it('says a verified account is verified', async () => {
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true }));
  renderIsland();
  expect(await screen.findByText(/verifyAccount.verifiedBody email=player@example.com/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'verifyAccount.resend' })).not.toBeInTheDocument();
});

it('shows a failed load with a retry that loads again', async () => {
  const user = userEvent.setup();
  vi.mocked(getAccount)
    .mockRejectedValueOnce(apiError('20187', 429))
    .mockResolvedValueOnce(serverAccount({ isVerified: false }));
  renderIsland();
  expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20187.desc');
  await user.click(screen.getByRole('button', { name: 'verifyAccount.retry' }));
  expect(await screen.findByText(/verifyAccount.body email=player@example.com/)).toBeInTheDocument();
  expect(getAccount).toHaveBeenCalledTimes(2);
});

it('announces a failed load only once its text is in, never an empty alert', async () => {
  vi.mocked(getAccount).mockRejectedValueOnce(apiError('20187', 429));
  // The page's error texts still on their way.
  $errorTexts.set({ status: 'loading', done: new Promise<void>(() => undefined) });
  renderIsland();
  expect(await screen.findByRole('button', { name: 'verifyAccount.retry' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  $errorTexts.set({ status: 'idle' });
  await loadErrorTexts();
  expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20187.desc');
});

it('sends a signed-out player to login, back here after', async () => {
  vi.mocked(getAccount).mockRejectedValue(apiError('20001', 401));
  renderIsland();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(vi.mocked(goTo).mock.calls[0]?.[0]).toMatch(/\/account\/en\/login\?.*return_url=/);
  expect(screen.getByRole('status')).toHaveTextContent('verifyAccount.loading');
});
