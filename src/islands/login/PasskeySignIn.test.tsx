/**
 * Signing in with a passkey on the login form (issue 18): the button, the
 * email field's passkey suggestions (conditional mediation), and what follows
 * — the same end as a password sign-in, or its error paths. The API, the
 * WebAuthn ceremony and the account read are mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, cookiesTurnedOff, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { finishPasskeySignIn, startPasskeySignIn } from '../../client/api/passkeys';
import { getAccount } from '../../client/api/settings';
import { goTo } from '../../client/navigation/page';
import { isCancelled, assertPasskey } from '../../client/passkeys/ceremony';
import { fetchSignInOptions } from '../../client/passkeys/sign-in-options';
import { LoginIsland } from './LoginIsland';

vi.mock('../../client/api/passkeys');
vi.mock('../../client/api/settings');
vi.mock('../../client/api/launcher-login');
vi.mock('../../client/passkeys/ceremony');
vi.mock('../../client/passkeys/sign-in-options');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '5f0c6a4e-3b1d-4c8e-9a2f-7d6e5c4b3a21';
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
};
const SIGNED_IN = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

/** The login island as its page gives it (the same element for the built HTML and the browser). */
function loginIsland() {
  onPage({ route: 'login' });
  return (
    <LoginIsland
      strings={screenStrings('login')}
      locale="en"
      createPath="/account/en/create"
      recoveryPath="/account/en/self-service"
    />
  );
}

function renderLogin() {
  render(loginIsland());
}

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup();
  vi.mocked(startPasskeySignIn).mockResolvedValue({ options: { challenge: 'c' } });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
});

it('is built into the page, so the providers below do not move when it hydrates; hidden without a script', () => {
  const html = renderToString(loginIsland());
  expect(html).toContain('login.passkey.button');
  expect(html).toMatch(/class="passkey-sign-in needs-script"/);
});

it('offers no passkey button where the browser has no WebAuthn', () => {
  renderLogin();
  expect(screen.queryByRole('button', { name: 'login.passkey.button' })).toBeNull();
});

it('signs in with the button: no password, and the sign-in ends as a password sign-in does', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.mocked(assertPasskey).mockResolvedValue(ASSERTION);
  vi.mocked(finishPasskeySignIn).mockResolvedValue(SIGNED_IN);
  renderLogin();
  await user.click(await screen.findByRole('button', { name: 'login.passkey.button' }));
  await waitFor(() => {
    expect(finishPasskeySignIn).toHaveBeenCalledWith(
      expect.objectContaining({ credential: ASSERTION, deviceId: DEVICE_ID, autoLogin: false }),
    );
  });
  expect(assertPasskey).toHaveBeenCalledWith({ challenge: 'c' }, false);
  await waitFor(() => {
    expect(goTo).toHaveBeenCalled();
  });
});

it('says so when the player closes the browser’s passkey prompt, and the form stays usable', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.mocked(assertPasskey).mockRejectedValue(new DOMException('closed', 'NotAllowedError'));
  vi.mocked(isCancelled).mockReturnValue(true);
  renderLogin();
  await user.click(await screen.findByRole('button', { name: 'login.passkey.button' }));
  expect(await screen.findByText('login.passkey.cancelled')).toBeInTheDocument();
  expect(finishPasskeySignIn).not.toHaveBeenCalled();
  // The form is ready again: a password sign-in can follow.
  expect(await screen.findByRole('button', { name: 'login.submit' })).toBeInTheDocument();
});

it('shows the refusal of a passkey the server does not accept', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.mocked(assertPasskey).mockResolvedValue(ASSERTION);
  vi.mocked(finishPasskeySignIn).mockRejectedValue(apiError('PASSKEY_REFUSED', 401));
  renderLogin();
  await user.click(await screen.findByRole('button', { name: 'login.passkey.button' }));
  // Its text is a form text (§8 resolution): shown in the form, where the password sign-in shows its own.
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('error.form.PASSKEY_REFUSED');
  expect(goTo).not.toHaveBeenCalled();
});

it('with cookies turned off says so in the form, with no passkey prompt and no call', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const restoreCookies = cookiesTurnedOff();
  try {
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'login.passkey.button' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('error.form.COOKIES_OFF');
    expect(startPasskeySignIn).not.toHaveBeenCalled();
    expect(assertPasskey).not.toHaveBeenCalled();
  } finally {
    restoreCookies();
  }
});

it('offers no passkey suggestions in the email field with cookies turned off', async () => {
  const available = vi.fn(() => Promise.resolve(true));
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: available }),
  );
  const restoreCookies = cookiesTurnedOff();
  try {
    renderLogin();
    await waitFor(() => {
      expect(available).toHaveBeenCalled();
    });
    // The suggestions' module loads, and stops before it asks for options.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchSignInOptions).not.toHaveBeenCalled();
    expect(assertPasskey).not.toHaveBeenCalled();
  } finally {
    restoreCookies();
  }
});

it('where the browser suggests passkeys in the email field, signs in with the one picked', async () => {
  const conditional = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: () => Promise.resolve(true),
  });
  vi.stubGlobal('PublicKeyCredential', conditional);
  // The suggestions' options come without the HTTP client (the page loads it only once a passkey is picked).
  vi.mocked(fetchSignInOptions).mockResolvedValue({ challenge: 'c' });
  vi.mocked(assertPasskey).mockResolvedValue(ASSERTION);
  vi.mocked(finishPasskeySignIn).mockResolvedValue(SIGNED_IN);
  renderLogin();
  expect(screen.getByLabelText('login.id.label')).toHaveAttribute('autocomplete', 'username webauthn');
  await waitFor(() => {
    expect(assertPasskey).toHaveBeenCalledWith({ challenge: 'c' }, true);
  });
  expect(startPasskeySignIn).not.toHaveBeenCalled();
  await waitFor(() => {
    expect(finishPasskeySignIn).toHaveBeenCalledWith(expect.objectContaining({ autoLogin: false }));
  });
  await waitFor(() => {
    expect(goTo).toHaveBeenCalled();
  });
});

it('without options for the suggestions, asks once and leaves the form as it is', async () => {
  const conditional = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: () => Promise.resolve(true),
  });
  vi.stubGlobal('PublicKeyCredential', conditional);
  vi.mocked(fetchSignInOptions).mockResolvedValue(undefined);
  renderLogin();
  await waitFor(() => {
    expect(fetchSignInOptions).toHaveBeenCalledTimes(1);
  });
  // No retry loop against a failing server, no prompt, no error shown: the password and the button still work.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(fetchSignInOptions).toHaveBeenCalledTimes(1);
  expect(assertPasskey).not.toHaveBeenCalled();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByRole('button', { name: 'login.passkey.button' })).toBeInTheDocument();
});
