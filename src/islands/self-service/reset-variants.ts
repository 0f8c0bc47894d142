/**
 * The password-reset flow started from a global screen (docs/global-screens.md): global/reset-password, its
 * launcher modes' variants (smode, nmode) and simple/reset-password run the self-service reset flow, with its
 * password step on their own page and global/reset-password/success at the end. The code steps between are the
 * self-service screens. A closed list: the flow state (sessionStorage) names a variant, never a route.
 */
import type { RouteName } from '../../routes/registry';

export const RESET_VARIANTS = {
  global: 'global-reset-password',
  smode: 'global-reset-password-smode',
  nmode: 'global-reset-password-nmode',
  simple: 'simple-reset-password',
} as const satisfies Record<string, RouteName>;
export type ResetVariant = keyof typeof RESET_VARIANTS;

export function isResetVariant(value: unknown): value is ResetVariant {
  return typeof value === 'string' && Object.hasOwn(RESET_VARIANTS, value);
}

/** The page that takes the new password. */
export function passwordRoute(variant: ResetVariant | undefined): RouteName {
  return variant === undefined ? 'self-reset-password' : RESET_VARIANTS[variant];
}

/** The page after a successful reset. */
export function successRoute(variant: ResetVariant | undefined): RouteName {
  return variant === undefined ? 'self-reset-password-success' : 'global-reset-password-success';
}
