/**
 * Settings verification purposes (spec §4 "Settings verification"): a
 * verification is made for ONE protected change and unlocks only that change
 * (issue 12). The list names the changes; the route table names, for every
 * settings screen that makes a protected change, the purpose it verifies for.
 * The portal reads the table on the verification screens (the route the
 * verification returns to, route_to, gives the purpose), the server names a
 * purpose at every protected endpoint — one list for both.
 *
 * Plain data without zod, kept here beside the route registry rather than in
 * src/shared/contract: the contract folder is the on-demand `calls` chunk, and
 * a screen importing this at start would then load all of it (zod and every
 * endpoint) before interaction. Under src/routes it joins the small `base`
 * chunk every page already loads, which the contract imports too
 * (src/build/chunk-groups.ts, docs/performance.md).
 */
import type { RouteName } from './registry';

export const EMAIL_CODE_PURPOSES = [
  'change-email',
  'change-password',
  'change-name',
  'change-phone',
  /** Two-factor methods, passkeys, and the security page's download-my-data and delete-my-account. */
  'mfa',
  'trusted-device',
  'parental-controls',
  'linked-account',
  'payment',
] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

export function isEmailCodePurpose(value: unknown): value is EmailCodePurpose {
  return (EMAIL_CODE_PURPOSES as readonly unknown[]).includes(value);
}

/**
 * The purpose of each settings screen with a protected change (the screen a
 * verification returns to). One screen verifies for one purpose: the security
 * page holds the two-factor switches, passkeys and the account-data actions,
 * so all of them go under 'mfa' (docs/settings.md "Settings verification").
 */
export const ROUTE_VERIFICATION_PURPOSE = {
  security: 'mfa',
  'authenticator-enable': 'mfa',
  'promo-2fa': 'mfa',
  'change-email': 'change-email',
  'setting-password': 'change-password',
  'change-name': 'change-name',
  'verify-phone': 'change-phone',
  // The gamescale channel's phone verification is the same change (docs/global-screens.md).
  'gamescale-verify-sms': 'change-phone',
  'gamescale-verify-code': 'change-phone',
  'manage-trusted-devices': 'trusted-device',
  'parental-controls': 'parental-controls',
  'parental-start': 'parental-controls',
  'linked-account': 'linked-account',
  'settings-social-link': 'linked-account',
  'manage-payment-methods': 'payment',
  // Parental consent by card adds a card with the payment methods screen's form (issue 14).
  vpc: 'payment',
} as const satisfies Partial<Record<RouteName, EmailCodePurpose>>;

/**
 * The purpose a verification returning to `target` is made for. A screen not
 * in the table makes no protected change; verifying from it (or without a
 * target) counts for 'mfa', the verification screens' own section (security).
 */
export function verificationPurposeOf(target: string | null | undefined): EmailCodePurpose {
  const table: Readonly<Record<string, EmailCodePurpose>> = ROUTE_VERIFICATION_PURPOSE;
  return (target != null && Object.hasOwn(table, target) ? table[target] : undefined) ?? 'mfa';
}
