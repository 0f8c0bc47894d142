/** newsletter/sms-opt-in and {setting?}/opt-in-sms (issue 12): the SMS opt-in on its own page. Calls mocked. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { getCommunication, smsOptIn } from '../../../client/api/communication';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { SmsOptIn } from './SmsOptIn';

vi.mock('../../../client/api/communication');

it.each(['newsletter-sms-opt-in', 'opt-in-sms'] as const)('%s opts in and links to all preferences', async (route) => {
  const user = userEvent.setup();
  vi.mocked(getCommunication).mockResolvedValue({
    newsletters: [],
    sms: { status: 'none', eligibility: 'eligible', phoneNo: '+1******0123' },
  });
  vi.mocked(smsOptIn).mockResolvedValue({ status: 'pending', eligibility: 'eligible', phoneNo: '+1******0123' });
  onPage({ route });
  setAccountFromServer(serverAccount());
  render(<SmsOptIn strings={screenStrings(route)} locale="en" />);
  expect(screen.getByRole('link', { name: 'settings.communication.optIn.all' })).toHaveAttribute(
    'href',
    '/account/en/setting/communication-preference',
  );
  await user.click(await screen.findByRole('button', { name: 'settings.communication.sms.start' }));
  expect(await screen.findByText('settings.communication.sms.pending phone=+1******0123')).toBeInTheDocument();
});

it('20135 (no verified phone) goes to verify-phone with needHealup', async () => {
  const user = userEvent.setup();
  vi.mocked(getCommunication).mockResolvedValue({
    newsletters: [],
    sms: { status: 'none', eligibility: 'eligible', phoneNo: '+1******0123' },
  });
  vi.mocked(smsOptIn).mockRejectedValue(apiError('20135', 400, 'need-sms-verification'));
  onPage({ route: 'opt-in-sms' });
  setAccountFromServer(serverAccount());
  render(<SmsOptIn strings={screenStrings('opt-in-sms')} locale="en" />);
  await user.click(await screen.findByRole('button', { name: 'settings.communication.sms.start' }));
  await vi.waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringMatching(/^\/account\/en\/verify-phone\?needHealup=true/), false);
  });
});
