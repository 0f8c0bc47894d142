/**
 * Which verify-linking screen a linking step goes to: the chooser when the account has several factors, else the
 * one factor's screen (authenticator → 2fa, texted code → sms, emailed code → code).
 */
import type { RoutePath } from '../../client/navigation/href';
import * as routes from '../../routes/refs';

export type LinkFactor = 'TOTP' | 'SMS' | 'EMAIL';

export const LINK_VERIFY_ROUTES = {
  TOTP: routes.platformVerifyLinking2fa,
  SMS: routes.platformVerifyLinkingSms,
  EMAIL: routes.platformVerifyLinkingCode,
} as const satisfies Record<LinkFactor, RoutePath>;

export function verifyRouteOf(factors: { authTypes: readonly LinkFactor[] }): RoutePath {
  const [only, ...others] = factors.authTypes;
  if (only === undefined || others.length > 0) return routes.platformVerifyLinkingAuthTypes;
  return LINK_VERIFY_ROUTES[only];
}
