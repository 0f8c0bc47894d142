/**
 * The relying party of the identity-provider tests: oauth4webapi (a maintained OAuth 2 / OIDC client) against
 * the dev instance, with the portal's authorize screen played by its two calls (inspect, decision) in a
 * signed-in browser.
 */
import * as oauth from 'oauth4webapi';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, inject } from 'vitest';
import { DEV, type Browser } from './client';
import { ACCOUNT, loginBody, P, Visitor, type Player } from './signin-helpers';

export const OIDC = {
  issuer: () => `${DEV()}/api/oidc`,
  inspect: `${ACCOUNT}/oidc/authorize/inspect`,
  decision: `${ACCOUNT}/oidc/authorize/decision`,
  deviceInspect: `${ACCOUNT}/oidc/device/inspect`,
  deviceDecision: `${ACCOUNT}/oidc/device/decision`,
};

/** oauth4webapi refuses http by default; the test instance is a loopback http server. */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- marked deprecated to stand out: a loopback test server has no TLS.
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export const DEV_RP = { client_id: 'dev-rp' } satisfies oauth.Client;
export const redirectUri = () => `${DEV()}/api/dev/oidc-rp/callback`;

export async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(OIDC.issuer());
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure }),
  );
}

export async function signedIn(p: Player): Promise<Visitor> {
  const v = new Visitor();
  const r = await v.post(P.login, loginBody(p));
  expect(r.status, r.text).toBe(200);
  return v;
}

export interface Started {
  query: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** The authorization request a relying party sends (as the authorize screen's query). */
export async function authorizationRequest(
  overrides: Record<string, string | null> = {},
  clientId = DEV_RP.client_id,
): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri(),
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== null),
  ).toString();
  return { query, state, nonce, verifier };
}

/** Approves a request in the player's browser; the redirect the portal goes to. */
export async function approve(v: Browser, started: Started, approveIt = true): Promise<URL> {
  const r = await v.post(OIDC.decision, { request: started.query, approve: approveIt });
  expect(r.status, r.text).toBe(200);
  return new URL((r.json as { redirectTo: string }).redirectTo);
}

/** Code → tokens with oauth4webapi, as the dev RP (public client, PKCE). */
export async function exchange(
  as: oauth.AuthorizationServer,
  callback: URL,
  started: Started,
  verifier = started.verifier,
) {
  const params = oauth.validateAuthResponse(as, DEV_RP, callback, started.state);
  return oauth.authorizationCodeGrantRequest(as, DEV_RP, oauth.None(), params, redirectUri(), verifier, insecure);
}

export async function tokensFor(p: Player, v?: Visitor) {
  const as = await discover();
  const browser = v ?? (await signedIn(p));
  const started = await authorizationRequest();
  const callback = await approve(browser, started);
  const result = await oauth.processAuthorizationCodeResponse(as, DEV_RP, await exchange(as, callback, started), {
    expectedNonce: started.nonce,
    requireIdToken: true,
  });
  return { as, started, result, browser };
}

/** A raw form POST to a protocol endpoint (for what oauth4webapi would never send). */
/** HTTP Basic client authentication (RFC 6749 §2.3.1: id and secret form-encoded first). */
export const basicAuth = (id: string, secret: string) => ({
  Authorization: `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`,
});

export async function postForm(path: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${DEV()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: res.status, json, headers: res.headers };
}

const execFileAsync = promisify(execFile);

/**
 * A client registered by `npm run clients:add` into the test instance's database: its D1 file (project `api`) or
 * its PostgreSQL database (project `api-pg`). On D1 the CLI opens the same SQLite file the running instance writes
 * to, so it may meet SQLITE_BUSY while other test files write: that attempt wrote nothing, and it is run again
 * (any other failure is the test's answer).
 */
export async function addClient(...args: string[]): Promise<{ client_id: string; client_secret: string | null }> {
  const database =
    inject('apiEngine') === 'postgres'
      ? ['--database-url', inject('apiDatabaseUrl')]
      : ['--persist', inject('apiPersistDir')];
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await execFileAsync(
        process.execPath,
        ['scripts/clients-add.mjs', ...database, '--json', ...args],
        {
          env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
          // wrangler's local proxy can log several MB to stderr on a loaded machine; the default 1 MB buffer then
          // ended the run with "stderr maxBuffer length exceeded" before the CLI finished.
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        client_id: string;
        client_secret: string | null;
      };
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
