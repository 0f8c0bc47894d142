/**
 * The password-reset flow started from a global screen (docs/global-screens.md): global/reset-password, its
 * launcher modes' variants (smode, nmode) and simple/reset-password run the self-service reset flow, with its
 * password step on their own page and global/reset-password/success at the end. The code steps between are the
 * self-service screens. A closed list: the flow state (sessionStorage) names a variant, never a route.
 */
import type { RoutePath } from '../../client/navigation/href';
import * as routes from '../../routes/refs';

export const RESET_VARIANTS = {
  global: routes.globalResetPassword,
  smode: routes.globalResetPasswordSmode,
  nmode: routes.globalResetPasswordNmode,
  simple: routes.simpleResetPassword,
} as const satisfies Record<string, RoutePath>;
export type ResetVariant = keyof typeof RESET_VARIANTS;

export function isResetVariant(value: unknown): value is ResetVariant {
  return typeof value === 'string' && Object.hasOwn(RESET_VARIANTS, value);
}

/** The page that takes the new password. */
export function passwordRoute(variant: ResetVariant | undefined): RoutePath {
  return variant === undefined ? routes.selfResetPassword : RESET_VARIANTS[variant];
}

/** The page after a successful reset. */
export function successRoute(variant: ResetVariant | undefined): RoutePath {
  return variant === undefined ? routes.selfResetPasswordSuccess : routes.globalResetPasswordSuccess;
}
