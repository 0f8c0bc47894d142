/**
 * Where a successful web sign-in goes (spec §4 "Login flow" step 4), as pure
 * functions so the order is table-tested:
 *  1. beta-signup product cookie (50203) and the betasignup query: refresh the
 *     account, then redirect;
 *  2. sign-up parameters exist: create/complete;
 *  3. parent flow (parental_flow_mode=parent): parental-controls start;
 *  4. without remember-me: refresh the account; verified email and the 2FA
 *     promo not skipped: promo-2fa;
 *  5. otherwise the default redirect (route_to, else an allowed return_url,
 *     else the account settings page) when redirect is on.
 * The trusted-device offer (remember-me) happens before this, in the island.
 */
import { routeHref } from '../../client/navigation/href';
import { resolveRedirect } from '../../client/navigation/redirect-target';
import type { RedirectPolicy } from '../../shared/redirect';
import { SECOND_FACTORS } from '../settings/two-factor';
import * as routes from '../../routes/refs';

/** Spec §9: the beta sign-up product. */
export const BETA_SIGNUP_PRODUCT = '50203';

export interface AfterLoginContext {
  readonly locale: string;
  readonly query: URLSearchParams;
  readonly policy: RedirectPolicy;
  readonly rememberMe: boolean;
  /** The product cookie's value, when set. */
  readonly productCookie: string | undefined;
  /** Sign-up parameters are waiting (a sign-up interrupted by the sign-in). */
  readonly hasSignupParams: boolean;
  /** Login state `redirect` (default true). */
  readonly redirect: boolean;
}

/** The account facts step 4 reads after the refresh; null when the refresh failed. */
export interface RefreshedAccount {
  readonly emailVerified?: boolean | undefined;
  readonly skipMfaPromo?: boolean | undefined;
  /** The account's auth types (spec §3 authTypeList): a second factor already on skips the promo. */
  readonly authTypeList?: readonly string[] | undefined;
}

/** TOTP or SMS on: the promo has nothing to offer (decided here, so promo-2fa never flashes). */
function hasSecondFactor(account: RefreshedAccount): boolean {
  return (account.authTypeList ?? []).some((type) => (SECOND_FACTORS as readonly string[]).includes(type));
}

export type AfterLogin =
  | { readonly kind: 'go'; readonly href: string }
  /** Refresh the account data, then call `afterRefresh` with the result. */
  | { readonly kind: 'refresh'; readonly reason: 'beta' | 'promo' }
  /** Redirect is off: stay. */
  | { readonly kind: 'stay' };

function defaultTarget(ctx: AfterLoginContext): AfterLogin {
  return ctx.redirect
    ? { kind: 'go', href: resolveRedirect({ locale: ctx.locale, query: ctx.query, policy: ctx.policy }) }
    : { kind: 'stay' };
}

export function afterLogin(ctx: AfterLoginContext): AfterLogin {
  if (ctx.productCookie === BETA_SIGNUP_PRODUCT && ctx.query.has('betasignup'))
    return { kind: 'refresh', reason: 'beta' };
  if (ctx.hasSignupParams)
    return { kind: 'go', href: routeHref(ctx.locale, { route: routes.createComplete }, ctx.query) };
  if (ctx.query.get('parental_flow_mode') === 'parent')
    return { kind: 'go', href: routeHref(ctx.locale, { route: routes.parentalStart }, ctx.query) };
  if (!ctx.rememberMe) return { kind: 'refresh', reason: 'promo' };
  return defaultTarget(ctx);
}

export function afterRefresh(
  ctx: AfterLoginContext,
  reason: 'beta' | 'promo',
  account: RefreshedAccount | null,
): AfterLogin {
  if (
    reason === 'promo' &&
    account?.emailVerified === true &&
    account.skipMfaPromo !== true &&
    !hasSecondFactor(account)
  )
    return { kind: 'go', href: routeHref(ctx.locale, { route: routes.promo2fa }, ctx.query) };
  return defaultTarget(ctx);
}
