/**
 * The PC store's sign-in: OpenID 2.0 (no maintained workerd client exists; the protocol's checks are few
 * and all here). The API sends the browser to the store's endpoint (checkid_setup) with return_to on the
 * API; on return it refuses anything but a positive assertion for exactly that return_to and endpoint,
 * refuses a response nonce seen before (replay) or older than 5 minutes, asks the store itself whether the
 * signed assertion is valid (check_authentication: an altered field fails there), and parses the claimed
 * id to the 17-digit store ID (spec §5). The persona name is fetched for steamName.
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { SERVER_BASES } from '../../src/shared/contract/endpoint';
import type { TpaStateValues } from '../../src/shared/contract/social';
import { findFlowByState, rememberNonce, setFlowRedirectUri, storeSteamIdentity, type FlowRow } from './data';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { digest, newToken } from '../core/security/tokens';
import { steamConfig } from '../core/config/social';
import { beginFlow, callbackUrl, portalOrigin } from './flow';
import type { Identity } from './oauth';

type Ctx = Context<AppEnv>;

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Spec §5: the store-platform ID is 17 digits. */
export const STEAM_ID = /^\d{17}$/;
const NONCE_MAX_AGE_MS = 5 * 60_000;

export const invalidTicket = () => new ApiError(400, 'INVALID_TICKET', 'The PC store sign-in was refused');

function config(c: Ctx) {
  const s = settingsOf(c.env);
  const cfg = steamConfig(c.env, s.region, s.devTools);
  if (cfg === null) throw new ApiError(404, 'NOT_FOUND', 'This sign-in provider is not enabled here');
  return cfg;
}

function returnPath(): string {
  return `${SERVER_BASES.account}/no-auth/tpa/steam/return`;
}

/** The store URL of a steam start; return_to carries the flow's state. */
export async function startSteam(c: Ctx, values: TpaStateValues): Promise<string> {
  const cfg = config(c);
  const origin = portalOrigin(c);
  // The state is in return_to, so it is only known once the flow exists: store a placeholder first.
  const placeholder = `${origin}${returnPath()}`;
  const flow = await beginFlow(c, 'steam', values, placeholder);
  const returnTo = `${origin}${returnPath()}?state=${encodeURIComponent(flow.state)}`;
  await setFlowRedirectUri(c.var.db, flow.state, returnTo);
  const url = new URL(cfg.endpoint);
  url.searchParams.set('openid.ns', OPENID_NS);
  url.searchParams.set('openid.mode', 'checkid_setup');
  url.searchParams.set('openid.return_to', returnTo);
  url.searchParams.set('openid.realm', origin);
  url.searchParams.set('openid.identity', IDENTIFIER_SELECT);
  url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT);
  return url.href;
}

/** The 17-digit ID of a claimed id issued by this endpoint's store, or null. */
export function steamIdOf(claimedId: string, endpoint: string): string | null {
  const idBase = new URL('id/', new URL('./', endpoint)).href;
  if (!claimedId.startsWith(idBase)) return null;
  const id = claimedId.slice(idBase.length);
  return STEAM_ID.test(id) ? id : null;
}

/** OpenID 2.0 response_nonce: an RFC 3339 UTC time plus unique characters. */
function nonceTime(nonce: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  return m?.[1] === undefined ? null : Date.parse(m[1]);
}

const playerSummaries = z.object({
  response: z.object({ players: z.array(z.object({ steamid: z.string(), personaname: z.string() })) }),
});

async function personaName(cfg: ReturnType<typeof config>, steamId: string): Promise<string | null> {
  const apiBase = cfg.local ? new URL('../../', cfg.endpoint).href : 'https://api.steampowered.com/';
  const url = new URL('ISteamUser/GetPlayerSummaries/v0002/', apiBase);
  if (cfg.apiKey !== null) url.searchParams.set('key', cfg.apiKey);
  url.searchParams.set('steamids', steamId);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const parsed = playerSummaries.safeParse(await res.json());
    return parsed.success
      ? (parsed.data.response.players.find((p) => p.steamid === steamId)?.personaname ?? null)
      : null;
  } catch {
    // The name is shown in settings only: its absence must not fail the sign-in.
    return null;
  }
}

/** Checks the store's assertion; answers the callback URL to send the browser to (with a code, or an error). */
export async function steamReturn(c: Ctx): Promise<string> {
  const cfg = config(c);
  const now = c.var.clock.now();
  const params = new URL(c.req.url).searchParams;
  const state = params.get('state') ?? '';
  const flow = state.length > 0 ? await findFlowByState(c.var.db, state, now) : null;
  const { decodeTpaState } = await import('../../src/shared/contract/social');
  const locale = decodeTpaState(state)?.locale ?? 'en';
  const target = new URL(callbackUrl(portalOrigin(c), locale, 'steam'));
  target.searchParams.set('state', state);
  const refuse = (why: string) => {
    console.error('PC store assertion refused', { reason: why });
    target.searchParams.set('error', 'invalid_ticket');
    return target.href;
  };
  if (flow === null || flow.provider !== 'steam') return refuse('no flow');
  const get = (k: string) => params.get(`openid.${k}`);
  if (get('mode') !== 'id_res') return refuse('not a positive assertion');
  if (get('ns') !== OPENID_NS) return refuse('namespace');
  if (get('return_to') !== flow.redirect_uri) return refuse('return_to');
  if (get('op_endpoint') !== cfg.endpoint) return refuse('endpoint');
  const claimed = get('claimed_id') ?? '';
  if (get('identity') !== claimed) return refuse('identity');
  const steamId = steamIdOf(claimed, cfg.endpoint);
  if (steamId === null) return refuse('claimed id');
  const signed = (get('signed') ?? '').split(',');
  for (const f of ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'])
    if (!signed.includes(f)) return refuse(`unsigned ${f}`);
  const nonce = get('response_nonce') ?? '';
  const issued = nonceTime(nonce);
  if (issued === null || Math.abs(now - issued) > NONCE_MAX_AGE_MS) return refuse('nonce time');
  // The store says whether its signature holds (an altered field fails here).
  const check = new URLSearchParams();
  for (const [k, v] of params) if (k.startsWith('openid.')) check.set(k, v);
  check.set('openid.mode', 'check_authentication');
  let valid = false;
  try {
    const res = await fetch(cfg.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: check.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    valid = res.ok && /(^|\n)is_valid:true(\n|$)/.test(await res.text());
  } catch {
    valid = false;
  }
  if (!valid) return refuse('check_authentication');
  // Only after the store confirmed it: a nonce seen before is a replay.
  if (!(await rememberNonce(c.var.db, `${cfg.endpoint} ${nonce}`, now))) return refuse('replayed nonce');
  const code = newToken();
  const stored = await storeSteamIdentity(
    c.var.db,
    state,
    await digest(code),
    steamId,
    await personaName(cfg, steamId),
    now,
  );
  if (!stored) return refuse('flow already answered');
  target.searchParams.set('code', code);
  return target.href;
}

/** tpa-session-cookie for steam: the one-time code the return handed the callback screen. */
export async function redeemSteam(flow: FlowRow, code: string): Promise<Identity> {
  if (flow.steam_code_hash === null || flow.steam_subject === null) throw invalidTicket();
  if ((await digest(code)) !== flow.steam_code_hash) throw invalidTicket();
  return { subject: flow.steam_subject, email: null, emailVerified: false, name: flow.steam_name };
}
