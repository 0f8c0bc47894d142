/**
 * DEV_TOOLS only: a stand-in for the support desk's JWT login endpoint, so the whole "Contact Support" journey
 * runs offline on `npm start` (docs/support-desk.md). With DEV_TOOLS and no SUPPORT_DESK_URL the support-desk
 * sign-in sends the player to `{this API}/api/dev/support-desk/access/jwt?jwt=…&return_to=…`; this page shows
 * the JWT as the desk would receive it, verifies it with the shared secret (jose, HS256 only, the API clock),
 * refuses a `jti` it has seen before as the desk does, and lists the claims. The /api/dev gate answers 404
 * to every path here without DEV_TOOLS.
 */
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { settingsOf } from '../core/env';
import { rememberFirstUse } from '../core/data/verification-tokens';
import type { AppEnv } from '../core/http/app-env';
import { digest } from '../core/security/tokens';
import { DESK_JWT_PATH } from '../support/desk-sso';

/** The dev desk's base path; the JWT login is below it, as on the real desk. */
export const DEV_DESK_PATH = '/api/dev/support-desk';
const JTI_PURPOSE = 'dev.support-desk.jti';
const PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

type Verdict = { ok: true; payload: JWTPayload } | { ok: false; reason: string };

async function verify(c: Context<AppEnv>, jwt: string, secret: string): Promise<Verdict> {
  try {
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(c.var.clock.now()),
      requiredClaims: ['jti', 'iat', 'exp', 'email', 'name', 'external_id'],
    });
    return { ok: true, payload };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed)
      return { ok: false, reason: 'the signature does not match the shared secret' };
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'the JWT has expired' };
    if (error instanceof errors.JOSEError) return { ok: false, reason: `${error.code}: ${error.message}` };
    return { ok: false, reason: 'not a JWT' };
  }
}

/** As the desk does: a jti is accepted once. Remembered until the JWT's own expiry. */
async function firstUse(c: Context<AppEnv>, payload: JWTPayload): Promise<boolean> {
  return rememberFirstUse(
    c.var.db,
    await digest(`jti:${String(payload.jti)}`),
    JTI_PURPOSE,
    (payload.exp ?? 0) * 1000,
    c.var.clock.now(),
  );
}

function decoded(jwt: string): { header: string; claims: Record<string, unknown> } | null {
  try {
    return { header: JSON.stringify(decodeProtectedHeader(jwt)), claims: decodeJwt(jwt) };
  } catch {
    return null;
  }
}

const CLAIMS = ['email', 'name', 'external_id', 'jti', 'iat', 'exp'] as const;

function claimValue(name: string, value: unknown): string {
  if ((name === 'iat' || name === 'exp') && typeof value === 'number')
    return `${String(value)} (${new Date(value * 1000).toISOString()})`;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function page(body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Dev support desk</title>
      </head>
      <body>
        <main>
          <h1>Dev support desk</h1>
          <p>
            What the support desk's JWT single sign-on receives from the portal. Local development only: a real desk
            (SUPPORT_DESK_URL) signs the player in here.
          </p>
          ${body}
        </main>
      </body>
    </html>`;
}

export function devSupportDeskRoutes(app: Hono<AppEnv>): void {
  app.get(DEV_DESK_PATH, (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(page(html`<p>Open Contact Support on a blocked account to arrive here with a JWT.</p>`));
  });

  app.get(`${DEV_DESK_PATH}${DESK_JWT_PATH}`, async (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    const jwt = (c.req.query('jwt') ?? '').slice(0, 8192);
    const returnTo = (c.req.query('return_to') ?? '').slice(0, 2048);
    const desk = settingsOf(c.env).supportDesk;
    const shown = decoded(jwt);
    if (desk === null || shown === null) {
      c.status(400);
      return c.html(page(html`<p role="alert">No JWT to read: the request carries no well-formed jwt parameter.</p>`));
    }
    const verdict = await verify(c, jwt, desk.jwtSecret);
    const replayed = verdict.ok && !(await firstUse(c, verdict.payload));
    const accepted = verdict.ok && !replayed;
    if (!accepted) c.status(401);
    const status = accepted
      ? html`<p role="status" data-verdict="verified">
          Signature verified with the shared secret (HS256): the desk would sign this player in.
        </p>`
      : html`<p role="alert" data-verdict="refused">
          Refused: ${verdict.ok ? 'this jti was used before (a replayed JWT)' : verdict.reason}.
        </p>`;
    // The JWT and return_to sit in text areas: they have no place to break, and the page allows no style (its
    // CSP), so in a <code> they made the page 2,129 px wide on a phone.
    return c.html(
      page(
        html`${status}
          <h2>Claims</h2>
          <dl>
            ${CLAIMS.map(
              (name) =>
                html`<dt>${name}</dt>
                  <dd data-claim="${name}">${claimValue(name, shown.claims[name])}</dd>`,
            )}
          </dl>
          <h2>Where the desk would go next</h2>
          <p>
            <label>return_to<br /><textarea readonly rows="3" cols="34">${returnTo}</textarea></label>
          </p>
          <h2>Raw</h2>
          <p>Header: <code>${shown.header}</code></p>
          <p>
            <label>JWT<br /><textarea readonly rows="8" cols="34">${jwt}</textarea></label>
          </p>`,
      ),
    );
  });
}
