/**
 * The portal's side of the identity provider (src/shared/contract/oidc.ts): the authorize screen reads a request
 * and sends the player's decision; the activate screen looks up a console's code and sends the decision. Each
 * re-checks everything on the server: the screen only shows what these return and goes where they say.
 */
import type { Context, Hono } from 'hono';
import { decideActivation, decideAuthorize, inspectActivation, inspectAuthorize } from '../../src/shared/contract/oidc';
import { auditStatement } from '../core/data/audit';
import { answerDeviceCode, findPendingUserCode, type DeviceRow } from './data';
import { evaluate, issueCode, refuse, signedInAt, silentError, UNMET } from './authorize-flow';
import { storeAmr } from '../core/security/amr';
import { settingsOf } from '../core/env';
import { userCodeHash } from './user-code';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, BAD_INPUT } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { checkAuthorizeRequest, type AuthorizeRequest } from './authorize-request';
import { findClient } from './clients';
import { unpushed } from './par';
import { normaliseUserCode } from './device';
import { issuerOf } from './issuer';
import { reserve, settleFailure, successStatements, type Limit } from '../core/security/rate-limit';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';

type Ctx = Context<AppEnv>;

const DAY_MS = 24 * 3600_000;

/** Spec §9 console activation block: 5 wrong codes within 24 hours block the account's activations for 24 hours. */
export const ACTIVATION_LIMIT: Limit = {
  scope: 'device-activation',
  max: 5,
  windowMs: DAY_MS,
  lockMs: DAY_MS,
  code: '20157',
  onSuccess: 'release',
};

function sessionOf(session: Session | null): Session {
  if (session === null) throw new Error('auth endpoint without session');
  return session;
}

async function checked(c: Ctx, request: string) {
  const params = new URLSearchParams(request.startsWith('?') ? request.slice(1) : request);
  const result = await checkAuthorizeRequest(params, issuerOf(c), (id) => findClient(c.var.db, settingsOf(c.env), id));
  if (result.kind === 'refused')
    throw new ApiError(
      400,
      BAD_INPUT,
      `Authorization request refused: ${result.reason} is not registered or is malformed`,
    );
  if (result.kind === 'ok') {
    const { request } = result;
    const notPushed = await unpushed(
      settingsOf(c.env).oidcKeySecret,
      request,
      params,
      c.var.clock.now(),
      (error, description) => refuse(c, request, error, description),
    );
    if (notPushed !== null) return notPushed;
  }
  return result;
}

const clientInfo = (r: AuthorizeRequest) => ({ name: r.client.name, site: r.client.site });

/** The live device code a player typed; counts a wrong or expired code against the account's activation limit. */
async function liveDeviceCode(c: Ctx, accountId: number, typed: string): Promise<DeviceRow> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const reservations = await reserve(c.var.db, now, [[ACTIVATION_LIMIT, String(accountId)]]);
  const userCode = normaliseUserCode(typed);
  const row = /^[A-Z0-9]{8}$/.test(userCode)
    ? await findPendingUserCode(c.var.db, await userCodeHash(settingsOf(c.env).oidcKeySecret, userCode))
    : null;
  if (row === null || row.expires_at <= now) {
    await c.var.db.run(auditStatement(db, { accountId, event: 'oidc.activation.wrong-code', ip: clientIp(c) }, now));
    const locked = await settleFailure(c.var.db, now, reservations);
    if (locked) throw locked;
    if (row === null) throw new ApiError(400, '20013', 'Unknown or already answered activation code');
    throw new ApiError(400, '20018', 'The activation code expired: the console can show a new one');
  }
  const release = successStatements(c.var.db, reservations);
  if (release.length > 0) await c.var.db.batch(release);
  return row;
}

export function oidcPortalRoutes(app: Hono<AppEnv>): void {
  mount(app, inspectAuthorize, async (c, { body, session }) => {
    const current = sessionOf(session);
    const result = await checked(c, body.request);
    if (result.kind === 'error') return { kind: 'error' as const, redirectTo: result.redirectTo };
    const { request } = result;
    const outcome = await evaluate(c, current, request);
    // prompt=none reached the screen directly: it still shows nothing but the way back (Core §3.1.2.6).
    if (request.prompts.includes('none') && outcome.kind !== 'approved')
      return { kind: 'error' as const, redirectTo: refuse(c, request, silentError(outcome)) };
    if (outcome.kind === 'login') return { kind: 'login' as const, reauth: outcome.reauth };
    // acr_values asked for a second factor the account does not have: the relying party hears so at once.
    if (outcome.kind === 'unmet') return { kind: 'error' as const, redirectTo: refuse(c, request, UNMET) };
    if (outcome.kind === 'step-up') return { kind: 'step-up' as const, method: outcome.method };
    if (outcome.kind === 'consent')
      return { kind: 'consent' as const, client: clientInfo(request), scopes: request.scopes };
    return { kind: 'approved' as const, client: clientInfo(request) };
  });

  mount(app, decideAuthorize, async (c, { body, session }) => {
    const current = sessionOf(session);
    const result = await checked(c, body.request);
    if (result.kind === 'error') return { redirectTo: result.redirectTo };
    const { request } = result;
    // The screen asks for a sign-in (or the second factor) before it offers a decision; a decision without it
    // gets no code.
    const outcome = await evaluate(c, current, request);
    if (outcome.kind === 'login' || outcome.kind === 'step-up' || outcome.kind === 'unmet')
      return { redirectTo: refuse(c, request, silentError(outcome)) };
    if (!body.approve) {
      await c.var.db.run(
        auditStatement(
          c.var.db,
          {
            accountId: current.accountId,
            event: 'oidc.authorize.denied',
            ip: clientIp(c),
            detail: { client: request.client.clientId, scope: request.scopes.join(' ') },
          },
          c.var.clock.now(),
        ),
      );
      return { redirectTo: refuse(c, request, 'access_denied') };
    }
    return { redirectTo: await issueCode(c, current, request) };
  });

  mount(app, inspectActivation, async (c, { body, session }) => {
    const { accountId } = sessionOf(session);
    const row = await liveDeviceCode(c, accountId, body.userCode);
    const client = await findClient(c.var.db, settingsOf(c.env), row.client_id);
    if (client === null) throw new ApiError(400, '20013', 'The console app is no longer registered');
    return {
      client: { name: client.name, site: client.site },
      scopes: row.scope.split(' ') as ('openid' | 'profile' | 'email')[],
      expiresAt: row.expires_at,
    };
  });

  mount(app, decideActivation, async (c, { body, session }) => {
    const current = sessionOf(session);
    const { accountId } = current;
    const row = await liveDeviceCode(c, accountId, body.userCode);
    const now = c.var.clock.now();
    // Conditional on 'pending': a code answered twice (two tabs) keeps its first answer.
    const answered = await answerDeviceCode(
      c.var.db,
      row.device_code_hash,
      {
        status: body.approve ? 'approved' : 'denied',
        accountId,
        // The console's ID token says what the approving session's sign-in did, as a code grant's does.
        authTime: Math.floor((await signedInAt(c, current)) / 1000),
        amr: storeAmr(current.amr),
      },
      now,
    );
    if (!answered) throw new ApiError(400, '20013', 'The activation code was already answered');
    await c.var.db.run(
      auditStatement(
        c.var.db,
        {
          accountId,
          event: body.approve ? 'oidc.activation.approved' : 'oidc.activation.denied',
          ip: clientIp(c),
          detail: { client: row.client_id },
        },
        now,
      ),
    );
    return {};
  });
}
