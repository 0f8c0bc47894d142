/**
 * The launcher's hand-offs with the system browser (docs/launcher.md "Third-party sign-in in the launcher" and
 * "Account pages in the browser: login/sso"; contract src/shared/contract/launcher-app.ts):
 *
 * - requestTpaApp / approveTpaApp / redeemTpaApp: a provider sign-in started in the launcher runs in the system
 *   browser; the browser's third-party session is handed to the launcher's request once, and the launcher takes
 *   it over once (a new token: the browser's copy stops working), then signs in with login/tpa/launcher;
 * - requestSsoCode / redeemSsoCode: the launcher's full session on this device gets a one-time code (60 s) that
 *   signs the system browser in.
 */
import type { Hono } from 'hono';
import {
  approveTpaApp,
  redeemSsoCode,
  redeemTpaApp,
  requestSsoCode,
  requestTpaApp,
} from '../../src/shared/contract/launcher-app';
import { tpaSessionResponse, type TpaSessionResponse } from '../../src/shared/contract/social';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { Db } from '../core/db/engine';
import { findLink, findTpaSession, type TpaSessionRow } from '../social/data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, LOGIN_REQUIRED } from '../core/http/errors';
import { mount } from '../core/http/mount';
import {
  approveTpaAppRequest,
  createTpaAppRequest,
  issueSsoCode,
  rekeyTpaSession,
  takeTpaAppRequest,
  useSsoCode,
} from './browser-hand-off';
import { hit, type Limit } from '../core/security/rate-limit';
import { startSession } from '../core/security/sessions';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { accountStateError, stillAllowed, loginResponse } from '../signin/sign-in';
import { digest } from '../core/security/tokens';
import { clearTpaCookie, requireTpaSession, sessionExpired, setTpaCookie } from '../social/flow';

/** App requests per IP: a launcher opens one per provider button press. */
const TPA_APP_REQUESTS_PER_IP: Limit = {
  scope: 'tpa-app:ip',
  max: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  code: '20157',
  onSuccess: 'keep',
};

/** An expired, used or unknown SSO code: all alike (the screen offers the normal sign-in). */
const ssoCodeRefused = () => new ApiError(400, '20018', 'The sign-in link expired or was already used');

/** What the third-party session leads to, as tpa-session-cookie answered it (server/social/routes.ts). */
async function sessionNext(db: Db, row: TpaSessionRow): Promise<TpaSessionResponse> {
  const linked = await findLink(db, row.provider, row.subject);
  const base = { email: row.email, provider: row.provider };
  if (linked !== null) return tpaSessionResponse.parse({ ...base, next: 'login' });
  if (row.link_account_id !== null && row.link_case !== null)
    return tpaSessionResponse.parse({ ...base, next: 'socialLink', socialLinkCase: row.link_case });
  return tpaSessionResponse.parse({
    ...base,
    next: row.email !== null && row.email_verified === 1 ? 'signup' : 'needsEmail',
  });
}

export function launcherAppRoutes(app: Hono<AppEnv>): void {
  mount(app, requestTpaApp, async (c, { body }) => {
    const ip = clientLimitIp(c);
    if (ip !== null) await hit(c.var.db, c.var.clock.now(), TPA_APP_REQUESTS_PER_IP, ip);
    return createTpaAppRequest(c, body.deviceId, body.clientId);
  });

  /** login/tpa-callback-app in the system browser: this browser's third-party session goes to the request. */
  mount(app, approveTpaApp, async (c, { body }) => {
    const session = await requireTpaSession(c);
    if (!(await approveTpaAppRequest(c, body.requestId, session.token_hash))) throw sessionExpired();
    clearTpaCookie(c);
    await c.var.db.run(
      auditStatement(
        c.var.db,
        { accountId: null, event: 'launcher.tpa-approved', ip: clientIp(c), detail: { provider: session.provider } },
        c.var.clock.now(),
      ),
    );
    return {};
  });

  /** The launcher waits for its request; once approved it takes the third-party session over, once. */
  mount(app, redeemTpaApp, async (c, { body }) => {
    const taken = await takeTpaAppRequest(c, body.requestId, body.pollToken, body.deviceId);
    if (taken.kind === 'pending') return { ready: false };
    if (taken.kind === 'gone') throw sessionExpired();
    const token = await rekeyTpaSession(c, taken.tpaTokenHash);
    const row = token === null ? null : await findTpaSession(c.var.db, await digest(token), c.var.clock.now());
    if (token === null || row === null) throw sessionExpired();
    setTpaCookie(c, token);
    const session = await sessionNext(c.var.db, row);
    await c.var.db.run(
      auditStatement(
        c.var.db,
        {
          accountId: null,
          event: 'launcher.tpa-handed-over',
          ip: clientIp(c),
          detail: { provider: row.provider, next: session.next },
        },
        c.var.clock.now(),
      ),
    );
    return { ready: true, session };
  });

  /** A full sign-in on this device only: a paused sign-in (second factor, terms…) gets no code. */
  mount(app, requestSsoCode, async (c, { body, session, account: signedIn }) => {
    if (session.deviceId !== null && session.deviceId !== body.deviceId)
      throw new ApiError(401, LOGIN_REQUIRED, 'Signed in on another device');
    const account = await stillAllowed(c, signedIn, '20102');
    const { code, insert, expiresIn } = await issueSsoCode(c, account.id, body.deviceId);
    const now = c.var.clock.now();
    await c.var.db.batch([
      insert,
      auditStatement(c.var.db, { accountId: account.id, event: 'launcher.sso-code', ip: clientIp(c) }, now),
    ]);
    return { code, expiresIn };
  });

  /**
   * login/sso: the code stands for the launcher's full sign-in (second factor included), so the browser gets a
   * full session; the account's state is checked again (a ban since the code was issued refuses).
   */
  mount(app, redeemSsoCode, async (c, { body }) => {
    const db = c.var.db;
    const accountId = await useSsoCode(c, body.code);
    if (accountId === null) {
      await db.run(
        auditStatement(db, { accountId: null, event: 'launcher.sso-refused', ip: clientIp(c) }, c.var.clock.now()),
      );
      throw ssoCodeRefused();
    }
    const account = await findAccountById(db, accountId);
    if (account === null) throw ssoCodeRefused();
    const refused = accountStateError(account);
    if (refused) {
      await db.run(
        auditStatement(
          db,
          { accountId, event: 'signin.refused', ip: clientIp(c), detail: { channel: 'sso', code: refused.code } },
          c.var.clock.now(),
        ),
      );
      throw refused;
    }
    const response = await loginResponse(c, account, false);
    await startSession(c, account.id, {
      rememberMe: false,
      level: 'full',
      deviceId: body.deviceId,
      // A hand-off from the launcher's session: how that one was signed in is not known here.
      amr: [],
      alongside: [
        auditStatement(
          db,
          { accountId, event: 'signin.succeeded', ip: clientIp(c), detail: { channel: 'sso' } },
          c.var.clock.now(),
        ),
      ],
    });
    return response;
  });
}
