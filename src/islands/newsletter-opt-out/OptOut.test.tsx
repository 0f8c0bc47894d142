/**
 * newsletter/opt-out and pre-signup/newsletter/opt-out (issue 12): the signed
 * link's token read from the URL, what it unsubscribes shown, the POST on
 * confirm, and a forged or missing token. Calls mocked.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { getOptOut, optOut } from '../../client/api/communication';
import { OptOut } from './OptOut';

vi.mock('../../client/api/communication');

describe('OptOut', () => {
  it('shows the list of the link and unsubscribes on confirm', async () => {
    const user = userEvent.setup();
    vi.mocked(getOptOut).mockResolvedValue({
      email: 'pl***@example.com',
      kind: 'list',
      productId: 59750,
      name: 'Mobile games',
    });
    vi.mocked(optOut).mockResolvedValue({});
    onPage({ route: 'newsletter-opt-out', search: '?token=o1.abc.def' });
    render(<OptOut strings={screenStrings('newsletter-opt-out')} locale="en" variant="newsletter" />);
    expect(
      await screen.findByText('newsletter.optOut.list list=Mobile games email=pl***@example.com'),
    ).toBeInTheDocument();
    expect(getOptOut).toHaveBeenCalledWith('o1.abc.def', 'en_US');
    await user.click(screen.getByRole('button', { name: 'newsletter.optOut.confirm' }));
    await vi.waitFor(() => {
      expect(optOut).toHaveBeenCalledWith('o1.abc.def');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('newsletter.optOut.done');
  });

  it('a pre-signup link stops every newsletter of the address', async () => {
    vi.mocked(getOptOut).mockResolvedValue({ email: 'pl***@example.com', kind: 'all', productId: null, name: null });
    onPage({ route: 'pre-signup-newsletter-opt-out', search: '?token=o1.abc.def' });
    render(<OptOut strings={screenStrings('pre-signup-newsletter-opt-out')} locale="en" variant="pre-signup" />);
    expect(screen.getByRole('heading', { name: 'newsletter.optOut.preSignupHeading' })).toBeInTheDocument();
    expect(await screen.findByText('newsletter.optOut.all email=pl***@example.com')).toBeInTheDocument();
  });

  it('says a forged link is not valid, and offers no button', async () => {
    vi.mocked(getOptOut).mockRejectedValue(apiError('20022'));
    onPage({ route: 'newsletter-opt-out', search: '?token=forged' });
    render(<OptOut strings={screenStrings('newsletter-opt-out')} locale="en" variant="newsletter" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('newsletter.optOut.invalid');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('without a token says so, without a call', async () => {
    onPage({ route: 'newsletter-opt-out' });
    render(<OptOut strings={screenStrings('newsletter-opt-out')} locale="en" variant="newsletter" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('newsletter.optOut.invalid');
    expect(getOptOut).not.toHaveBeenCalled();
  });
});
