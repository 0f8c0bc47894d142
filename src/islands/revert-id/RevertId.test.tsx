/** revert-id: the link is checked, the player confirms, the email is restored; dead links say why. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { getEmailRevert, revertEmailChange } from '../../client/api/profile';
import { goTo } from '../../client/navigation/page';
import { RevertId } from './RevertId';

vi.mock('../../client/api/profile');

function renderPage(search = '?token=abc123') {
  onPage({ route: 'revert-id', search });
  render(<RevertId strings={screenStrings('revert-id')} locale="en" />);
}

it('shows the address, restores it on click and goes to the success page', async () => {
  const user = userEvent.setup();
  vi.mocked(getEmailRevert).mockResolvedValue({ email: 'old@example.com' });
  vi.mocked(revertEmailChange).mockResolvedValue({ email: 'old@example.com' });
  renderPage();
  expect(await screen.findByText('revertId.body email=old@example.com')).toBeInTheDocument();
  expect(revertEmailChange).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'revertId.submit' }));
  await vi.waitFor(() => {
    expect(revertEmailChange).toHaveBeenCalledWith({ token: 'abc123', language: 'en_US' });
  });
  expect(goTo).toHaveBeenCalledWith('/account/en/revert-id-success', true);
});

it.each([
  ['20068', 'revertId.invalid'],
  ['20018', 'revertId.expired'],
])('a dead link (%s) says so', async (code, key) => {
  vi.mocked(getEmailRevert).mockRejectedValue(apiError(code));
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(key);
});

it('no token: invalid, without a call', async () => {
  renderPage('');
  expect(await screen.findByRole('alert')).toHaveTextContent('revertId.invalid');
  expect(getEmailRevert).not.toHaveBeenCalled();
});

it('a link used meanwhile says so on click', async () => {
  const user = userEvent.setup();
  vi.mocked(getEmailRevert).mockResolvedValue({ email: 'old@example.com' });
  vi.mocked(revertEmailChange).mockRejectedValue(apiError('20068'));
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'revertId.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('revertId.invalid');
});
