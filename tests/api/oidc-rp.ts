/**
 * openid-client 6 as the relying party of the identity-provider tests, as a publisher's site would use it:
 * discovery, the authorization URL it builds, and the code exchange with its checks (state, nonce, PKCE, iss,
 * max_age, ID token signature by the JWKS). The portal's screen is played by its two calls in a signed-in browser.
 */
import * as client from 'openid-client';
import { expect } from 'vitest';
import { DEV, type Browser } from './client';
import { addClient, OIDC } from './oidc-helpers';

export const rpRedirect = () => `${DEV()}/api/dev/oidc-rp/callback`;

/** openid-client refuses http by default; the test instance is a loopback http server. */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- marked deprecated to stand out: a loopback test server has no TLS.
export const insecureRp = client.allowInsecureRequests;

/** The dev RP (public, PKCE), configured from discovery. */
export async function rp(
  clientId = 'dev-rp',
  metadata: Partial<client.ClientMetadata> = {},
  auth: client.ClientAuth = client.None(),
): Promise<client.Configuration> {
  return client.discovery(new URL(`${DEV()}/api/oidc`), clientId, metadata, auth, { execute: [insecureRp] });
}

/**
 * A confidential client registered through the operator CLI (`clients:add --confidential`, plus `extra` options)
 * for one redirect URI, with its secret and its openid-client configuration (client_secret_basic).
 */
export async function confidentialClient(name: string, redirectUri: string, ...extra: string[]) {
  const added = await addClient(
    '--name',
    name,
    '--site',
    'https://games.lumenforge.test',
    '--redirect-uri',
    redirectUri,
    '--confidential',
    ...extra,
  );
  const secret = added.client_secret ?? '';
  return { id: added.client_id, secret, config: await rp(added.client_id, {}, client.ClientSecretBasic(secret)) };
}
export type ConfidentialRp = Awaited<ReturnType<typeof confidentialClient>>;

export interface Flow {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** The authorization URL openid-client builds (PKCE S256, state, nonce), with extra parameters. */
export async function start(
  config: client.Configuration,
  extra: Record<string, string> = {},
  redirectUri = rpRedirect(),
): Promise<Flow> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** The authorization endpoint's answer to a browser: the Location it sends (the screen, or the client). */
export async function authorizeLocation(flow: Flow, browser?: Browser): Promise<URL> {
  const cookie = browser === undefined ? '' : [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(flow.url, { redirect: 'manual', headers: cookie === '' ? {} : { Cookie: cookie } });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('Location') ?? '', DEV());
}

/** The authorize screen's request (its query) for a flow. */
export const screenRequest = (flow: Flow) => flow.url.search.slice(1);

/** What the screen learns from inspect. */
export async function inspect(browser: Browser, flow: Flow) {
  const r = await browser.post(OIDC.inspect, { request: screenRequest(flow) });
  expect(r.status, r.text).toBe(200);
  return r.json as { kind: string; redirectTo?: string; client?: unknown; scopes?: string[] };
}

/** The screen's approval: the redirect back to the client. */
export async function decide(browser: Browser, flow: Flow, approve = true): Promise<URL> {
  const r = await browser.post(OIDC.decision, { request: screenRequest(flow), approve });
  expect(r.status, r.text).toBe(200);
  return new URL((r.json as { redirectTo: string }).redirectTo);
}

/** The code exchange with every openid-client check. */
export async function finish(config: client.Configuration, flow: Flow, callback: URL, maxAge?: number) {
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
}
