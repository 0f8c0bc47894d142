/**
 * The browser side of a social sign-in: the start (flow row + __Host-tpa_flow cookie + redirect), the
 * callback redemption (one use of the flow, state compared, code exchanged) and the third-party session
 * (__Host-tpa cookie). docs/social.md describes the whole flow.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { digest, newToken } from '../core/security/tokens';
import { toBase64Url, utf8 } from '../core/security/bytes';
import {
  FLOW_TTL_MS,
  findTpaSession,
  insertFlowStatement,
  takeFlow,
  TPA_SESSION_TTL_MS,
  type FlowRow,
  type TpaSessionRow,
} from './data';
import type { SocialProvider, TpaStateValues } from '../../src/shared/contract/social';
import { FLOW_SESSION_HINT_COOKIES } from '../../src/shared/contract/flow-session';
import { providerConfig, type OAuthProvider, type ProviderConfig } from '../core/config/social';
import { authorizationUrl, CallbackRefused, newFlowSecrets, redeemCode, type Identity } from './oauth';

type Ctx = Context<AppEnv>;

export const FLOW_COOKIE = '__Host-tpa_flow';
export const TPA_COOKIE = '__Host-tpa';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' } as const;
/** The session's companion is read by the page: not HttpOnly, and no secret in it. */
const hintOptions = { ...cookieOptions, httpOnly: false } as const;

export const sessionExpired = () => new ApiError(401, '20159', 'Third-party session missing or expired');
export const callbackRefused = () => new ApiError(400, '20138', 'The provider callback was refused');

/** The usable configuration of an OAuth provider here, or 404 (not enabled in this region, or no credentials). */
export function configOf(c: Ctx, provider: OAuthProvider): ProviderConfig {
  const settings = settingsOf(c.env);
  const config = providerConfig(c.env, settings.region, settings.devTools, provider);
  if (config === null) throw new ApiError(404, 'NOT_FOUND', 'This sign-in provider is not enabled here');
  return config;
}

/** The portal origin the provider returns to: the request's own when it is an allowed origin. */
export function portalOrigin(c: Ctx): string {
  const own = new URL(c.req.url).origin;
  const allowed = settingsOf(c.env).allowedOrigins;
  if (allowed.includes(own) || allowed.length === 0) return own;
  return allowed[0] ?? own;
}

export function callbackUrl(origin: string, locale: string, provider: SocialProvider): string {
  return `${origin}/account/${locale}/login/callback/${provider}`;
}

/** `{random}.{base64url(values)}`: the random half is the secret the cookie's flow row holds. */
export function encodeState(values: TpaStateValues): string {
  return `${newToken()}.${toBase64Url(utf8.encode(JSON.stringify(values)))}`;
}

/** Stores the flow and sets its cookie; answers the state, nonce and verifier to put in the provider URL. */
export async function beginFlow(
  c: Ctx,
  provider: SocialProvider,
  values: TpaStateValues,
  redirectUri: string,
): Promise<{ state: string; nonce: string; codeVerifier: string }> {
  const id = newToken();
  const state = encodeState(values);
  const secrets = newFlowSecrets();
  await c.var.db.run(
    insertFlowStatement(
      c.var.db,
      {
        idHash: await digest(id),
        provider,
        state,
        nonce: secrets.nonce,
        codeVerifier: secrets.codeVerifier,
        redirectUri,
        actionType: values.actionType,
      },
      c.var.clock.now(),
    ),
  );
  setCookie(c, FLOW_COOKIE, id, { ...cookieOptions, maxAge: Math.floor(FLOW_TTL_MS / 1000) });
  return { state, ...secrets };
}

/** The provider URL of an OAuth provider's start. */
export async function startOAuth(c: Ctx, provider: OAuthProvider, values: TpaStateValues): Promise<string> {
  const config = configOf(c, provider);
  const origin = portalOrigin(c);
  // Apple posts its answer (form_post) to the API, which sends the browser on to the portal callback.
  const redirectUri =
    config.endpoints.formPost === true
      ? `${origin}/api/account/v1/no-auth/tpa/apple/callback`
      : callbackUrl(origin, values.locale, provider);
  const flow = await beginFlow(c, provider, values, redirectUri);
  return (await authorizationUrl(config, { ...flow, redirectUri })).href;
}

/**
 * Takes this browser's flow for the callback (one use) and checks it is for `provider` and `state`.
 * Missing or expired flow: 20159; another provider, state or action: 20138.
 */
export async function takeBrowserFlow(
  c: Ctx,
  provider: SocialProvider,
  state: string | undefined,
  action: TpaStateValues['actionType'],
): Promise<FlowRow> {
  const id = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, cookieOptions);
  if (id === undefined || !TOKEN_SHAPE.test(id)) throw sessionExpired();
  const flow = await takeFlow(c.var.db, await digest(id), c.var.clock.now());
  if (flow === null) throw sessionExpired();
  if (flow.provider !== provider || flow.action_type !== action || state === undefined || state !== flow.state)
    throw callbackRefused();
  return flow;
}

/** Exchanges the callback's code of an OAuth provider for the identity; any refusal is 20138. */
export async function redeemOAuth(c: Ctx, provider: OAuthProvider, flow: FlowRow, code: string): Promise<Identity> {
  const config = configOf(c, provider);
  const params = new URLSearchParams({ code, state: flow.state });
  try {
    return await redeemCode(
      config,
      params,
      { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier, redirectUri: flow.redirect_uri },
      c.var.clock.now(),
    );
  } catch (e) {
    if (!(e instanceof CallbackRefused)) throw e;
    console.error('Social callback refused', { provider, reason: e.message });
    throw callbackRefused();
  }
}

/**
 * Sets the third-party session cookie (its row is written by the caller, in the same batch as the rest) and its
 * companion the page reads to know there is one (FLOW_SESSION_HINT_COOKIES.tpa: same lifetime, no secret).
 */
export function setTpaCookie(c: Ctx, token: string): void {
  const maxAge = Math.floor(TPA_SESSION_TTL_MS / 1000);
  setCookie(c, TPA_COOKIE, token, { ...cookieOptions, maxAge });
  setCookie(c, FLOW_SESSION_HINT_COOKIES.tpa, '1', { ...hintOptions, maxAge });
}

export function clearTpaCookie(c: Ctx): void {
  deleteCookie(c, TPA_COOKIE, cookieOptions);
  deleteCookie(c, FLOW_SESSION_HINT_COOKIES.tpa, hintOptions);
}

/** The live third-party session of this browser, or 20159. */
export async function requireTpaSession(c: Ctx): Promise<TpaSessionRow> {
  const token = getCookie(c, TPA_COOKIE);
  if (token === undefined || !TOKEN_SHAPE.test(token)) throw sessionExpired();
  const row = await findTpaSession(c.var.db, await digest(token), c.var.clock.now());
  if (row === null) throw sessionExpired();
  return row;
}
