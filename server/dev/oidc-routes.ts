/**
 * Dev tools of the identity provider (DEV_TOOLS only, behind the dev gate; docs/identity-provider.md):
 *
 * - /api/dev/oidc-rp: a test relying party (client `dev-rp`, third-party so the consent screen shows). "Sign in"
 *   starts the code flow with PKCE S256, state and nonce; the callback exchanges the code at the token endpoint,
 *   verifies the ID token with jose against the JWKS (signature, iss, aud, exp, nonce) and shows its claims and
 *   the userinfo answer, with an RP-initiated logout link.
 * - /api/dev/console: a console simulator of the device flow (client `dev-console`): requests a code, shows it
 *   with a QR of verification_uri_complete, polls at the interval (a meta refresh: the page runs no script) and
 *   shows the tokens.
 *
 * The RP calls the token, JWKS and userinfo endpoints through the app in-process (app.request with the page's own
 * origin), the way a server-side RP calls them over the network.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { encode } from 'uqr';
import type { AppEnv } from '../core/http/app-env';
import { DEV_CONSOLE_CLIENT_ID, DEV_RP_CLIENT_ID, DEV_RP_PATH } from '../oidc/clients';
import { randomBytes, toBase64Url, utf8 } from '../core/security/bytes';
import { DEV_PREFIX } from './routes';
import { OIDC_PATHS } from '../oidc/routes';
import { DEVICE_POLL_INTERVAL_S, SLOW_DOWN_STEP_S } from '../oidc/config';

type Ctx = Context<AppEnv>;

export const DEV_CONSOLE_PATH = `${DEV_PREFIX}/console`;
const RP_COOKIE = 'dev_rp_flow';
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`;
}

async function s256(verifier: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(verifier))));
}

/** Calls an endpoint of this API as a relying party's server would, from the page's own origin. */
async function callApi(app: Hono<AppEnv>, c: Ctx, path: string, init: RequestInit = {}): Promise<Response> {
  return app.request(new URL(path, c.req.url).href, init, c.env);
}

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

function readFlow(c: Ctx): Flow | null {
  try {
    const value: unknown = JSON.parse(atob(getCookie(c, RP_COOKIE) ?? ''));
    if (typeof value !== 'object' || value === null) return null;
    const { state, nonce, verifier } = value as Record<string, unknown>;
    return typeof state === 'string' && typeof nonce === 'string' && typeof verifier === 'string'
      ? { state, nonce, verifier }
      : null;
  } catch {
    return null;
  }
}

function claimList(payload: Record<string, unknown>) {
  return html`<dl>
    ${Object.entries(payload).map(
      ([k, v]) =>
        html`<dt>${k}</dt>
          <dd data-claim="${k}">${typeof v === 'string' ? v : JSON.stringify(v)}</dd>`,
    )}
  </dl>`;
}

function qrSvg(text: string) {
  const { size, data } = encode(text, { ecc: 'M', border: 4 });
  const cells = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x},${y}h1v1h-1z` : ''))).join('');
  return html`<svg
    role="img"
    aria-label="QR code of the activation link"
    viewBox="0 0 ${size} ${size}"
    width="${size * 6}"
    height="${size * 6}"
    shape-rendering="crispEdges"
  >
    <rect width="${size}" height="${size}" fill="#fff" />
    <path d="${cells}" fill="#000" />
  </svg>`;
}

async function rpCallback(app: Hono<AppEnv>, c: Ctx) {
  const flow = readFlow(c);
  const q = c.req.query();
  if (q.error !== undefined)
    return page(
      'Dev relying party',
      html`<p role="alert" data-result="error">The provider answered error=${q.error}.</p>`,
    );
  if (flow === null || q.state !== flow.state || q.code === undefined)
    return page(
      'Dev relying party',
      html`<p role="alert" data-result="error">state does not match this browser's sign-in.</p>`,
    );
  const origin = new URL(c.req.url).origin;
  const tokenRes = await callApi(
    app,
    c,
    OIDC_PATHS.token,
    form({
      grant_type: 'authorization_code',
      code: q.code,
      redirect_uri: `${origin}${DEV_RP_PATH}/callback`,
      code_verifier: flow.verifier,
      client_id: DEV_RP_CLIENT_ID,
    }),
  );
  const tokens = await tokenRes.json<Record<string, string>>();
  if (!tokenRes.ok || tokens.id_token === undefined)
    return page(
      'Dev relying party',
      html`<p role="alert" data-result="error">Token endpoint: ${JSON.stringify(tokens)}</p>`,
    );
  const jwks = createLocalJWKSet(await (await callApi(app, c, OIDC_PATHS.jwks)).json());
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(tokens.id_token, jwks, { issuer: q.iss ?? '', audience: DEV_RP_CLIENT_ID }));
    if (payload.nonce !== flow.nonce) throw new Error('nonce does not match');
  } catch (error) {
    return page('Dev relying party', html`<p role="alert" data-result="error">ID token refused: ${String(error)}</p>`);
  }
  const userinfo = await callApi(app, c, OIDC_PATHS.userinfo, {
    headers: { Authorization: `Bearer ${tokens.access_token ?? ''}` },
  });
  const logout = new URL(OIDC_PATHS.logout, origin);
  logout.searchParams.set('id_token_hint', tokens.id_token);
  logout.searchParams.set('post_logout_redirect_uri', `${origin}${DEV_RP_PATH}`);
  logout.searchParams.set('state', 'signed-out');
  return page(
    'Dev relying party',
    html`<p role="status" data-result="verified">ID token verified (signature with the JWKS, iss, aud, exp, nonce).</p>
      <h2>ID token claims</h2>
      ${claimList(payload)}
      <h2>Userinfo</h2>
      <pre data-userinfo>${await userinfo.text()}</pre>
      <h2>Raw ID token</h2>
      <p><code data-id-token>${tokens.id_token}</code></p>
      <p><a href="${logout.href}">Sign out (RP-initiated logout)</a></p>`,
  );
}

export function devOidcRoutes(app: Hono<AppEnv>): void {
  app.get(DEV_RP_PATH, (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    const signedOut = c.req.query('state') === 'signed-out';
    return c.html(
      page(
        'Dev relying party',
        html`<p>A test relying party of this portal's OpenID Connect provider (client ${DEV_RP_CLIENT_ID}).</p>
          ${signedOut ? html`<p role="status" data-result="signed-out">Signed out.</p>` : ''}
          <p><a href="${DEV_RP_PATH}/start">Sign in with Lumenforge</a></p>
          <p><a href="${DEV_CONSOLE_PATH}">Console simulator (device flow)</a></p>`,
      ),
    );
  });

  app.get(`${DEV_RP_PATH}/start`, async (c) => {
    const flow: Flow = {
      state: toBase64Url(randomBytes(16)),
      nonce: toBase64Url(randomBytes(16)),
      verifier: toBase64Url(randomBytes(32)),
    };
    setCookie(c, RP_COOKIE, btoa(JSON.stringify(flow)), { path: DEV_RP_PATH, httpOnly: true, sameSite: 'Lax' });
    const origin = new URL(c.req.url).origin;
    const url = new URL(OIDC_PATHS.authorize, origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: DEV_RP_CLIENT_ID,
      redirect_uri: `${origin}${DEV_RP_PATH}/callback`,
      scope: c.req.query('scope') ?? 'openid profile email',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await s256(flow.verifier),
      code_challenge_method: 'S256',
    }).toString();
    return c.redirect(url.href, 302);
  });

  app.get(`${DEV_RP_PATH}/callback`, async (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(await rpCallback(app, c));
  });

  app.get(DEV_CONSOLE_PATH, (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(
      page(
        'Dev console simulator',
        html`<p>Plays a console asking to be activated (client ${DEV_CONSOLE_CLIENT_ID}, RFC 8628 device flow).</p>
          <p><a href="${DEV_CONSOLE_PATH}/start">Show an activation code</a></p>`,
      ),
    );
  });

  app.get(`${DEV_CONSOLE_PATH}/start`, async (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    const res = await callApi(
      app,
      c,
      OIDC_PATHS.device,
      form({ client_id: DEV_CONSOLE_CLIENT_ID, scope: 'openid profile email' }),
    );
    const body = await res.json<Record<string, string | number>>();
    const complete = String(body.verification_uri_complete);
    const interval = pollInterval(String(body.interval));
    const poll = pollUrl(String(body.device_code), interval);
    c.header('Refresh', `${String(interval)}; url=${poll}`);
    return c.html(
      page(
        'Dev console simulator',
        html`<p>On your phone or PC, go to <a href="${body.verification_uri}">${body.verification_uri}</a> and enter</p>
          <p><strong data-user-code>${body.user_code}</strong></p>
          <p>or scan:</p>
          ${qrSvg(complete)}
          <p><a data-complete href="${complete}">${complete}</a></p>
          <p>The code expires in ${String(Number(body.expires_in) / 60)} minutes. <a href="${poll}">Check now</a></p>`,
      ),
    );
  });

  app.get(`${DEV_CONSOLE_PATH}/poll`, async (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    const deviceCode = (c.req.query('device_code') ?? '').slice(0, 128);
    // RFC 8628 §3.5: the client keeps its own interval and adds 5 s on every slow_down, as a console would; a
    // fixed refresh raced the server's growing interval and could poll too early for ever.
    let interval = pollInterval(c.req.query('interval'));
    const res = await callApi(
      app,
      c,
      OIDC_PATHS.token,
      form({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: deviceCode,
        client_id: DEV_CONSOLE_CLIENT_ID,
      }),
    );
    const body = await res.json<Record<string, string>>();
    if (body.error === 'authorization_pending' || body.error === 'slow_down') {
      if (body.error === 'slow_down') interval = pollInterval(String(interval + SLOW_DOWN_STEP_S));
      c.header('Refresh', `${String(interval)}; url=${pollUrl(deviceCode, interval)}`);
      return c.html(
        page(
          'Dev console simulator',
          html`<p role="status" data-state="${body.error}">Waiting for the player (${body.error})…</p>`,
        ),
      );
    }
    if (body.error !== undefined)
      return c.html(
        page(
          'Dev console simulator',
          html`<p role="alert" data-state="${body.error}">Activation ended: ${body.error}.</p>
            <p><a href="${DEV_CONSOLE_PATH}/start">Show a new code</a></p>`,
        ),
      );
    return c.html(
      page(
        'Dev console simulator',
        html`<p role="status" data-state="activated">Console activated.</p>
          <h2>ID token claims</h2>
          ${claimList(decodeJwt(body.id_token ?? ''))}
          <h2>Tokens</h2>
          <pre data-tokens>${JSON.stringify(body, null, 2)}</pre>`,
      ),
    );
  });
}

/** The console's poll interval in seconds, from the server's answer or the poll URL: 1–120, else the default. */
function pollInterval(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 120 ? n : DEVICE_POLL_INTERVAL_S;
}

function pollUrl(deviceCode: string, interval: number): string {
  return `${DEV_CONSOLE_PATH}/poll?${new URLSearchParams({ device_code: deviceCode, interval: String(interval) }).toString()}`;
}
