/**
 * The screen → purpose table of settings verification (issue 12): every
 * signed-in screen either names the purpose its protected change verifies
 * for, or is listed here as making none; every purpose a server endpoint
 * demands can be verified for from some screen; unknown targets fall back to
 * 'mfa' and never to a wider unlock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/registry';
import {
  EMAIL_CODE_PURPOSES,
  isEmailCodePurpose,
  ROUTE_VERIFICATION_PURPOSE,
  verificationPurposeOf,
} from '../../src/routes/verification-purposes';

/** Signed-in screens that make no change needing a settings verification (a decision, kept next to its reason). */
const NO_PROTECTED_CHANGE: readonly string[] = [
  // Redirects or landing pages.
  'setting',
  // Moves the signed-in player to the support desk (docs/support-desk.md): nothing in the account changes.
  'login-move-to-zendesk',
  // Resends the verification email of a signed-in player's unverified address: it proves the address, it changes
  // nothing that needs a verification first.
  'login-verify-account',
  'authorize',
  // Signing in to a relying party or a console (docs/identity-provider.md): grants a sign-in, changes no setting.
  'global-authorize',
  'global-activate',
  // Read-only overviews; their actions link to the protected screens (or resend the verification email).
  'account-overview',
  'personal-info',
  // Newsletter and SMS opt-in: consent, not account security (docs/settings.md "Communication").
  'communication-preference',
  'newsletter-sms-opt-in',
  'opt-in-sms',
  // The verification screens themselves.
  'verify-account',
  'verify-code-2fa-settings',
  'verify-backup-code',
  'auth-types-2fa-settings',
  'verify-code-sms-settings',
  // Parental steps after the start screen carry the parental flow's own proofs. vpc is not among them: adding
  // a card there is the payment methods screen's protected change ('payment').
  'parental-controls-not-eligible',
  'vpc-sms',
  'vpc-complete',
  'add-child-signup',
  'add-child-login',
  'add-child-complete',
];

const table: Readonly<Record<string, string>> = ROUTE_VERIFICATION_PURPOSE;

describe('settings verification purposes', () => {
  it('gives every signed-in screen a purpose, or lists it as making no protected change', () => {
    const signedIn = ROUTES.filter((r) => r.meta.requiresLogin === true).map((r) => r.name);
    const undecided = signedIn.filter((name) => !(name in table) && !NO_PROTECTED_CHANGE.includes(name));
    expect(undecided).toEqual([]);
    for (const name of NO_PROTECTED_CHANGE) expect(name in table, name).toBe(false);
  });

  it('names only routes that exist and purposes of the list', () => {
    const names = new Set<string>(ROUTES.map((r) => r.name));
    for (const [route, purpose] of Object.entries(table)) {
      expect(names.has(route), route).toBe(true);
      expect(isEmailCodePurpose(purpose), purpose).toBe(true);
      expect(verificationPurposeOf(route)).toBe(purpose);
    }
  });

  it('lets every purpose a server endpoint demands be verified for from some screen', () => {
    // Every area's route modules (server/{area}/routes.ts, server/{area}/*-routes.ts).
    const dir = join(import.meta.dirname, '../../server');
    const demanded = new Set<string>();
    const routeFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /(^|[/-])routes\.ts$/.test(f),
    );
    for (const file of routeFiles) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const m of source.matchAll(/(?:assertMayChangeFactors\([^)]*|isRecentlyVerified\([^)]*?)'([a-z-]+)'/g))
        demanded.add(m[1] ?? '');
    }
    // The scan finds the purposes (a regression here means the calls changed shape, not that none remain).
    expect(demanded.size).toBeGreaterThan(4);
    const reachable = new Set(Object.values(table));
    for (const purpose of demanded) {
      expect(isEmailCodePurpose(purpose), purpose).toBe(true);
      expect(reachable.has(purpose), purpose).toBe(true);
    }
  });

  it('maps the protected screens to their own change', () => {
    expect(verificationPurposeOf('manage-payment-methods')).toBe('payment');
    // Parental consent by card adds its card with the payment methods form.
    expect(verificationPurposeOf('vpc')).toBe('payment');
    expect(verificationPurposeOf('verify-phone')).toBe('change-phone');
    expect(verificationPurposeOf('change-email')).toBe('change-email');
    expect(verificationPurposeOf('setting-password')).toBe('change-password');
    expect(verificationPurposeOf('manage-trusted-devices')).toBe('trusted-device');
    expect(verificationPurposeOf('security')).toBe('mfa');
  });

  it("falls back to 'mfa' for an unknown, missing or inherited name", () => {
    for (const target of [undefined, null, '', 'no-such-route', 'toString', '__proto__', 'constructor'])
      expect(verificationPurposeOf(target)).toBe('mfa');
  });

  it('keeps the purpose list free of duplicates', () => {
    expect(new Set(EMAIL_CODE_PURPOSES).size).toBe(EMAIL_CODE_PURPOSES.length);
  });
});
