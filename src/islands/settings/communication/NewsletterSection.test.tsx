/**
 * The newsletters card of setting/communication-preference while the page loads (docs/performance.md "Layout
 * shift on the settings pages"): one placeholder row per list the region offers, hidden from assistive technology,
 * beside a loading line it hears; the introduction's place held while the account loads; no loading line in a
 * region without an account read (the one region: the account never arrives there).
 */
import region from '@region';
import { render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { serverAccount } from '../../../../tests/components/fixtures';
import type { AccountState } from '../../../client/stores/account';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { CommunicationResponse } from '../../../shared/contract/communication';
import { NewsletterSection } from './NewsletterSection';
import { sectionProps } from './section-test-props';

vi.mock('../../../client/api/communication');

const LOADING = 'settings.common.loading';

function renderSection(
  account: AccountState | null,
  accountLoading: boolean,
  communication: CommunicationResponse | null,
) {
  render(<NewsletterSection {...sectionProps({ account, accountLoading, communication })} />);
  return screen.getByRole('region', { name: 'settings.communication.newsletters.heading' });
}

/** The placeholder rows: in the card, in a list hidden from assistive technology. */
const placeholders = (card: HTMLElement) => card.querySelectorAll('ul[aria-hidden="true"] > li');

it('holds a row for each list of the region and the introduction while the account and the lists load', () => {
  const card = renderSection(null, true, null);
  expect(placeholders(card)).toHaveLength(region.newsletterProductIds.length);
  // Hidden: no list, no checkbox reaches a screen reader; the loading line does, once.
  expect(within(card).queryByRole('list')).not.toBeInTheDocument();
  expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
  expect(within(card).getAllByText(LOADING)).toHaveLength(1);
});

it('shows the introduction once the account is there, the rows held until the lists come', () => {
  const account = setAccountFromServer(serverAccount({ email: 'player@example.com' }));
  const card = renderSection(account, false, null);
  expect(within(card).getByText(/settings\.communication\.newsletters\.intro/)).toHaveTextContent(
    'email=player@example.com',
  );
  expect(placeholders(card)).toHaveLength(region.newsletterProductIds.length);
  expect(within(card).getAllByText(LOADING)).toHaveLength(1);
});

it('has no loading line for an account that is never read (the one region), only for the lists', () => {
  const card = renderSection(null, false, null);
  expect(within(card).getAllByText(LOADING)).toHaveLength(1);
  expect(within(card).getByText(LOADING)).toHaveClass('visually-hidden');
  expect(within(card).queryByText(/newsletters\.intro/)).not.toBeInTheDocument();
});

it('replaces the rows with the lists when they answer', () => {
  const card = renderSection(null, false, {
    newsletters: [
      {
        id: 59749,
        name: 'News and offers',
        show: true,
        isNewsOffersNewsletter: true,
        isMobileGame: false,
        isGeneralNewsletter: false,
        isLegacyMobileSelectValue: false,
        initDependentOnNewsOffers: false,
        subscribed: true,
      },
    ],
    sms: { status: 'none', eligibility: 'eligible', phoneNo: '+1******0123' },
  });
  expect(placeholders(card)).toHaveLength(0);
  expect(within(card).getByRole('checkbox', { name: 'News and offers' })).toBeChecked();
  expect(within(card).queryByText(LOADING)).not.toBeInTheDocument();
});
