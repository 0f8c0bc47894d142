/**
 * promo-2fa (spec §4 step 4): the offer is decided before it renders — never
 * shown while the account is loading, never shown (not even for a frame) to a
 * player who already has a second factor, who is sent on at once.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { skipMfaPromo } from '../../../client/api/mfa';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { Promo2fa } from './Promo2fa';

vi.mock('../../../client/api/mfa');

function renderPromo() {
  onPage({ route: 'promo-2fa', search: '?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity' });
  render(<Promo2fa strings={screenStrings('promo-2fa')} locale="en" />);
}

describe('Promo2fa', () => {
  it('shows nothing of the offer while the account loads, then the offer for an unprotected account', () => {
    renderPromo();
    expect(screen.queryByRole('heading', { name: 'mfa.promo.heading' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('mfa.promo.checking');
    act(() => {
      setAccountFromServer(serverAccount({ authTypeList: ['EMAIL'] }));
    });
    expect(screen.getByRole('heading', { name: 'mfa.promo.heading' })).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('never shows the offer to an account with a second factor, and sends it on', () => {
    renderPromo();
    act(() => {
      setAccountFromServer(serverAccount({ authTypeList: ['TOTP'], primaryAuthType: 'TOTP' }));
    });
    expect(screen.queryByRole('heading', { name: 'mfa.promo.heading' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'mfa.promo.setUp' })).toBeNull();
    expect(goTo).toHaveBeenCalledTimes(1);
  });

  it('"not now" with "don\'t ask again" remembers the choice, then continues', async () => {
    const user = userEvent.setup();
    vi.mocked(skipMfaPromo).mockResolvedValue({});
    renderPromo();
    act(() => {
      setAccountFromServer(serverAccount({ authTypeList: ['EMAIL'] }));
    });
    await user.click(screen.getByRole('checkbox', { name: 'mfa.promo.dontAsk' }));
    await user.click(screen.getByRole('button', { name: 'mfa.promo.notNow' }));
    await vi.waitFor(() => {
      expect(skipMfaPromo).toHaveBeenCalledTimes(1);
    });
    expect(goTo).toHaveBeenCalledTimes(1);
  });
});
