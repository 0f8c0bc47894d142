/**
 * authorize (issue 17; docs/identity-provider.md) rendered with key stubs; the calls are mocked at
 * src/client/api/oidc (tests/components/README.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { decideAuthorize, inspectAuthorize } from '../../client/api/oidc';
import { logout } from '../../client/api/session';
import { goTo } from '../../client/navigation/page';
import { AuthorizeIsland } from './AuthorizeIsland';

vi.mock('../../client/api/oidc');
vi.mock('../../client/api/session');

const RP = 'https://wiki.example/callback';
const QUERY = `client_id=wiki&redirect_uri=${encodeURIComponent(RP)}&response_type=code&scope=openid+email&state=s1`;
const CLIENT = { name: 'Forge Wiki', site: 'https://wiki.example' };

function renderAt(search = `?${QUERY}`, route: 'authorize' | 'global-authorize' = 'authorize') {
  onPage({ route, search });
  render(<AuthorizeIsland strings={screenStrings(route)} locale="en" />);
}

describe('AuthorizeIsland', () => {
  it('shows who asks and what they get, and goes back to the client with the code when allowed', async () => {
    const user = userEvent.setup();
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'consent', client: CLIENT, scopes: ['openid', 'email'] });
    vi.mocked(decideAuthorize).mockResolvedValue({ redirectTo: `${RP}?code=abc&state=s1&iss=x` });
    renderAt();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('authorize.consent.heading client=Forge Wiki');
    expect(screen.getByText('authorize.consent.intro client=Forge Wiki site=https://wiki.example')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'authorize.consent.scopes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['authorize.scope.openid', 'authorize.scope.email']);
    expect(inspectAuthorize).toHaveBeenCalledWith({ request: QUERY });
    await user.click(screen.getByRole('button', { name: 'authorize.consent.approve' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`${RP}?code=abc&state=s1&iss=x`, true));
    expect(decideAuthorize).toHaveBeenCalledWith({ request: QUERY, approve: true });
  });

  it('sends the denial and follows the access_denied redirect', async () => {
    const user = userEvent.setup();
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'consent', client: CLIENT, scopes: ['openid'] });
    vi.mocked(decideAuthorize).mockResolvedValue({ redirectTo: `${RP}?error=access_denied&state=s1` });
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'authorize.consent.deny' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`${RP}?error=access_denied&state=s1`, true));
    expect(decideAuthorize).toHaveBeenCalledWith({ request: QUERY, approve: false });
  });

  it('continues without asking for a first-party or already allowed client', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'approved', client: CLIENT });
    vi.mocked(decideAuthorize).mockResolvedValue({ redirectTo: `${RP}?code=abc` });
    renderAt(`?${QUERY}`, 'global-authorize');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`${RP}?code=abc`, true));
    expect(screen.queryByRole('button', { name: 'authorize.consent.approve' })).toBeNull();
  });

  it('signs the player out and comes back through login, marked, when the client wants a fresh sign-in', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'login', reauth: '1700000000000.abc' });
    vi.mocked(logout).mockResolvedValue({});
    renderAt(`?${QUERY}&prompt=login`);
    await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
    expect(logout).toHaveBeenCalledTimes(1);
    const [href, replace] = vi.mocked(goTo).mock.calls[0] ?? [];
    const next = new URL(String(href), 'https://portal.example');
    expect(next.pathname).toBe(location.pathname);
    expect(next.searchParams.get('lf_reauth')).toBe('1700000000000.abc');
    expect(next.searchParams.get('prompt')).toBe('login');
    expect(next.searchParams.get('client_id')).toBe('wiki');
    expect(replace).toBe(true);
    expect(decideAuthorize).not.toHaveBeenCalled();
  });

  it('stays with an error when signing out fails, and asks nothing of the client', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'login', reauth: '1700000000000.abc' });
    vi.mocked(logout).mockRejectedValue(apiError('10001'));
    renderAt(`?${QUERY}&max_age=0`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    expect(decideAuthorize).not.toHaveBeenCalled();
  });

  it("sends the player to their method's verification screen, and back here after, for a second factor", async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'step-up', method: 'TOTP' });
    renderAt(`?${QUERY}&acr_values=urn%3Alumenforge%3Aacr%3A2fa`);
    await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
    const next = new URL(String(vi.mocked(goTo).mock.calls[0]?.[0]), 'https://portal.example');
    expect(next.pathname).toBe('/account/en/setting/verify-code');
    expect(next.searchParams.get('return_url')).toBe(`${location.pathname}${location.search}`);
    expect(next.searchParams.get('return_url')).toContain('acr_values=');
    // The request's own redirect_uri does not travel on: the verification screen returns here, not to the client.
    expect(next.searchParams.get('redirect_uri')).toBeNull();
    expect(decideAuthorize).not.toHaveBeenCalled();
  });

  it('passes a protocol error back to the client (e.g. PKCE missing)', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'error', redirectTo: `${RP}?error=invalid_request` });
    renderAt();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`${RP}?error=invalid_request`, true));
    expect(decideAuthorize).not.toHaveBeenCalled();
  });

  it('never follows a redirect to anywhere but the requested redirect URI', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'error', redirectTo: 'https://evil.example/callback?x=1' });
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('authorize.invalid.body');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('never follows a script URL, even one the request named', async () => {
    vi.mocked(inspectAuthorize).mockResolvedValue({ kind: 'error', redirectTo: 'javascript:alert(1)' });
    renderAt(`?client_id=x&redirect_uri=${encodeURIComponent('javascript:alert(1)')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('authorize.invalid.body');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says so when the client or redirect URI is not registered (20022), without leaving', async () => {
    vi.mocked(inspectAuthorize).mockRejectedValue(apiError('20022'));
    renderAt();
    expect(await screen.findByRole('heading', { name: 'authorize.invalid.heading' })).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('refuses a request without a client and a legacy OpenID 2.0 request without a call', async () => {
    renderAt('?foo=1');
    expect(await screen.findByRole('heading', { name: 'authorize.invalid.heading' })).toBeInTheDocument();
    document.body.innerHTML = '';
    renderAt('?openid.mode=checkid_setup&openid.identity=https%3A%2F%2Fx.example%2Fid');
    expect(await screen.findByRole('heading', { name: 'authorize.legacy.heading' })).toBeInTheDocument();
    expect(inspectAuthorize).not.toHaveBeenCalled();
  });

  it('shows the §8 text of another failure', async () => {
    vi.mocked(inspectAuthorize).mockRejectedValue(apiError('20187', 429));
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20187.desc');
  });
});
