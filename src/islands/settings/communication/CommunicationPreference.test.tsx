/**
 * setting/communication-preference (issue 12): the region's newsletters with
 * subscribe/unsubscribe, the 59794 dependency note, and the SMS opt-in states
 * (no phone, not eligible, none, pending, subscribed). Calls mocked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import {
  getCommunication,
  smsOptIn,
  smsOptOut,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../../../client/api/communication';
import { getSecurityAlerts } from '../../../client/api/passkeys';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { CommunicationResponse, NewsletterItem, SmsOptInState } from '../../../shared/contract/communication';
import { CommunicationPreference } from './CommunicationPreference';

vi.mock('../../../client/api/communication');
// The screen's security-alerts section (issue 18) loads its own state.
vi.mock('../../../client/api/passkeys');

function item(id: number, name: string, subscribed = false, flags: Partial<NewsletterItem> = {}): NewsletterItem {
  return {
    id,
    name,
    show: true,
    isNewsOffersNewsletter: false,
    isMobileGame: false,
    isGeneralNewsletter: false,
    isLegacyMobileSelectValue: false,
    initDependentOnNewsOffers: false,
    subscribed,
    ...flags,
  };
}
const SMS_NONE: SmsOptInState = { status: 'none', eligibility: 'eligible', phoneNo: '+1******0123' };
function state(newsletters: NewsletterItem[], sms: SmsOptInState = SMS_NONE): CommunicationResponse {
  return { newsletters, sms };
}
const BETA = item(59794, 'Beta tests', false, { initDependentOnNewsOffers: true });
const MOBILE = item(59750, 'Mobile games', false, { isMobileGame: true });
const NEWS = item(59749, 'News and offers', false, { isNewsOffersNewsletter: true });
const LISTS = [BETA, MOBILE, NEWS, item(10300, 'Hidden list', false, { show: false })];

function renderScreen(account = serverAccount()) {
  onPage({ route: 'communication-preference' });
  setAccountFromServer(account);
  render(<CommunicationPreference strings={screenStrings('communication-preference')} locale="en" />);
}

describe('CommunicationPreference', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
    vi.mocked(getSecurityAlerts).mockResolvedValue({ enabled: true });
  });

  it('lists the shown newsletters, with the dependency of 59794 on news and offers', async () => {
    vi.mocked(getCommunication).mockResolvedValue(state(LISTS));
    renderScreen();
    const beta = await screen.findByRole('checkbox', { name: 'Beta tests' });
    expect(beta).not.toBeChecked();
    expect(beta).toHaveAccessibleDescription('settings.communication.newsletters.dependsOn name=News and offers');
    expect(screen.queryByRole('checkbox', { name: 'Hidden list' })).not.toBeInTheDocument();
    expect(getCommunication).toHaveBeenCalledWith('en_US');
  });

  it('subscribes and unsubscribes, showing what the server answered', async () => {
    vi.mocked(getCommunication).mockResolvedValue(state(LISTS));
    vi.mocked(subscribeNewsletter).mockResolvedValue(state([BETA, { ...MOBILE, subscribed: true }, NEWS]));
    vi.mocked(unsubscribeNewsletter).mockResolvedValue(state(LISTS));
    renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Mobile games' }));
    await vi.waitFor(() => {
      expect(subscribeNewsletter).toHaveBeenCalledWith(59750, 'en_US');
    });
    expect(await screen.findByText('settings.communication.newsletters.on name=Mobile games')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mobile games' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Mobile games' }));
    await vi.waitFor(() => {
      expect(unsubscribeNewsletter).toHaveBeenCalledWith(59750, 'en_US');
    });
    expect(await screen.findByText('settings.communication.newsletters.off name=Mobile games')).toBeInTheDocument();
  });

  it('says a failed load once, with no section left loading, and the retry brings the lists', async () => {
    vi.mocked(getCommunication).mockRejectedValueOnce(apiError('10000', 500)).mockResolvedValueOnce(state(LISTS));
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('settings.communication.loadFailed');
    // Neither the newsletters' placeholders nor the texts' loading line stay under the failure.
    expect(screen.queryByText('settings.common.loading')).not.toBeInTheDocument();
    expect(document.querySelectorAll('ul[aria-hidden="true"]')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'settings.common.retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Beta tests' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks to verify the email before subscribing an unverified address', async () => {
    vi.mocked(getCommunication).mockResolvedValue(state(LISTS));
    renderScreen(serverAccount({ isVerified: false }));
    await user.click(await screen.findByRole('checkbox', { name: 'Mobile games' }));
    expect(await screen.findByRole('dialog', { name: 'settings.emailFirst.title' })).toBeInTheDocument();
    expect(subscribeNewsletter).not.toHaveBeenCalled();
  });

  it('shows a refused change in the newsletters card', async () => {
    vi.mocked(getCommunication).mockResolvedValue(state(LISTS));
    vi.mocked(subscribeNewsletter).mockRejectedValue(apiError('20022'));
    renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Mobile games' }));
    await waitFor(() => {
      expect(subscribeNewsletter).toHaveBeenCalled();
    });
    expect(screen.getByRole('checkbox', { name: 'Mobile games' })).not.toBeChecked();
  });

  it('without a verified phone, links to verify-phone', async () => {
    vi.mocked(getCommunication).mockResolvedValue(
      state([], { status: 'none', eligibility: 'no-phone', phoneNo: null }),
    );
    renderScreen();
    expect(await screen.findByRole('link', { name: 'settings.communication.sms.addPhone' })).toHaveAttribute(
      'href',
      '/account/en/verify-phone',
    );
    expect(screen.getByText('settings.communication.newsletters.empty')).toBeInTheDocument();
  });

  it.each([
    ['country', 'settings.communication.sms.country phone=+44******0123'],
    ['age', 'settings.communication.sms.age'],
  ] as const)('says why texts are not offered (%s)', async (eligibility, text) => {
    vi.mocked(getCommunication).mockResolvedValue(state([], { status: 'none', eligibility, phoneNo: '+44******0123' }));
    renderScreen();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'settings.communication.sms.start' })).not.toBeInTheDocument();
  });

  it('opts in: pending until the reply, checked again, then stops', async () => {
    vi.mocked(getCommunication)
      .mockResolvedValueOnce(state(LISTS))
      .mockResolvedValueOnce(state(LISTS, { ...SMS_NONE, status: 'subscribed' }));
    vi.mocked(smsOptIn).mockResolvedValue({ ...SMS_NONE, status: 'pending' });
    vi.mocked(smsOptOut).mockResolvedValue(SMS_NONE);
    renderScreen();
    const heading = await screen.findByRole('heading', { name: 'settings.communication.sms.heading' });
    const sms = heading.closest('section') ?? document.body;
    await user.click(within(sms).getByRole('button', { name: 'settings.communication.sms.start' }));
    await vi.waitFor(() => {
      expect(smsOptIn).toHaveBeenCalledWith('en_US');
    });
    expect(await within(sms).findByText('settings.communication.sms.pending phone=+1******0123')).toBeInTheDocument();
    await user.click(within(sms).getByRole('button', { name: 'settings.communication.sms.check' }));
    expect(
      await within(sms).findByText('settings.communication.sms.subscribed phone=+1******0123'),
    ).toBeInTheDocument();
    await user.click(within(sms).getByRole('button', { name: 'settings.communication.sms.stop' }));
    await vi.waitFor(() => {
      expect(smsOptOut).toHaveBeenCalledWith('en_US');
    });
    expect(await within(sms).findByText('settings.communication.sms.stopped')).toBeInTheDocument();
  });
});
