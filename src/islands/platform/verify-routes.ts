/**
 * Which verify-linking screen a linking step goes to: the chooser when the account has several factors, else the
 * one factor's screen (authenticator → 2fa, texted code → sms, emailed code → code).
 */
import type { RouteName } from '../../routes/registry';

export type LinkFactor = 'TOTP' | 'SMS' | 'EMAIL';

export const LINK_VERIFY_ROUTES = {
  TOTP: 'platform-verify-linking-2fa',
  SMS: 'platform-verify-linking-sms',
  EMAIL: 'platform-verify-linking-code',
} as const satisfies Record<LinkFactor, RouteName>;

export function verifyRouteOf(factors: { authTypes: readonly LinkFactor[] }): RouteName {
  const [only, ...others] = factors.authTypes;
  if (only === undefined || others.length > 0) return 'platform-verify-linking-auth-types';
  return LINK_VERIFY_ROUTES[only];
}
