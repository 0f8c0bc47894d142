/**
 * Server and client render must agree (issue 11 §4: React error #418 on the
 * first visit to setting/security and setting/account-overview): the static
 * HTML is rendered with an empty account store, while in the browser the app
 * shell has often loaded the account before the island hydrates. Hydrating
 * over that HTML must not report a mismatch, and must then show the account.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { $account } from '../../src/client/stores/account';
import { setAccountFromServer } from '../../src/client/stores/account-parse';
import { Security } from '../../src/islands/mfa/security/Security';
import { keyStrings, onPage, serverAccount } from './helpers';

vi.mock('../../src/client/api/countries');
vi.mock('../../src/client/api/mfa');
vi.mock('../../src/client/api/settings');

describe('hydration of a settings island', () => {
  it('matches the static HTML when the account arrived before hydration', async () => {
    onPage({ route: 'security' });
    const strings = keyStrings();
    $account.set(null);
    const html = renderToString(<Security strings={strings} locale="en" />);
    expect(html).toContain('settings.common.loading');

    // In the browser: the shell loaded the account, then the island hydrates over the static HTML.
    setAccountFromServer(serverAccount({ trustedDeviceCount: 1 }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Security strings={strings} locale="en" />, { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).not.toContain('settings.common.loading');
    container.remove();
  });
});
