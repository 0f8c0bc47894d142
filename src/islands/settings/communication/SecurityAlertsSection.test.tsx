/**
 * The security-alerts section of setting/communication-preference (issue 18):
 * loads the choice, saves a change at once and says so, and hands a failed
 * save to the screen's error handling. The API module is mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError } from '../../../../tests/components/helpers';
import { getSecurityAlerts, setSecurityAlerts } from '../../../client/api/passkeys';
import { SecurityAlertsSection } from './SecurityAlertsSection';
import { sectionProps } from './section-test-props';

vi.mock('../../../client/api/passkeys');

function renderSection(onError = vi.fn(() => Promise.resolve<string | undefined>(undefined))) {
  render(<SecurityAlertsSection {...sectionProps({ onError })} />);
  return onError;
}

it('shows the choice and turns the alerts off, saying so', async () => {
  const user = userEvent.setup();
  vi.mocked(getSecurityAlerts).mockResolvedValue({ enabled: true });
  vi.mocked(setSecurityAlerts).mockResolvedValue({});
  renderSection();
  expect(screen.getByRole('heading', { name: 'passkeys.alerts.title' })).toBeInTheDocument();
  const box = await screen.findByRole('checkbox', { name: 'passkeys.alerts.label' });
  expect(box).toBeChecked();
  expect(box).toHaveAccessibleDescription('passkeys.alerts.hint');
  await user.click(box);
  await waitFor(() => {
    expect(setSecurityAlerts).toHaveBeenCalledWith({ enabled: false });
  });
  expect(await screen.findByRole('status')).toHaveTextContent('passkeys.alerts.off');
  expect(box).not.toBeChecked();
});

it('a failed save keeps the choice and goes to the screen’s error handling', async () => {
  const user = userEvent.setup();
  vi.mocked(getSecurityAlerts).mockResolvedValue({ enabled: false });
  const failure = apiError('20001', 401);
  vi.mocked(setSecurityAlerts).mockRejectedValue(failure);
  const onError = renderSection();
  const box = await screen.findByRole('checkbox', { name: 'passkeys.alerts.label' });
  await user.click(box);
  await waitFor(() => {
    expect(onError).toHaveBeenCalledWith(failure);
  });
  expect(box).not.toBeChecked();
});

it('says when the choice cannot be loaded', async () => {
  vi.mocked(getSecurityAlerts).mockRejectedValue(apiError('SERVER_ERROR', 500));
  renderSection();
  expect(await screen.findByText('settings.common.unavailable')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
});
