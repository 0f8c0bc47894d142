/**
 * How a session was signed in, as RFC 8176 Authentication Method Reference values (docs/identity-provider.md
 * "acr and amr"): recorded with the session (sessions.amr) when it starts, and added to when a second factor is
 * verified later in the same session, so the identity provider's ID tokens say what the sign-in actually did
 * and `acr_values` can ask for the second factor.
 *
 * - `pwd`: the password; a third-party (social) sign-in, a console or launcher hand-off records nothing, since the
 *   portal did not see how the player proved it;
 * - `otp`: an authenticator (TOTP) or backup code; `sms`: a texted code;
 * - `hwk` / `swk`: a passkey bound to one device (hardware-secured) / a synced passkey (software-secured);
 * - `mfa`: a second factor was verified on top of the sign-in, or a user-verified passkey signed in (something the
 *   player has and is or knows).
 */
export const AMR_VALUES = ['pwd', 'otp', 'sms', 'hwk', 'swk', 'mfa'] as const;
export type Amr = (typeof AMR_VALUES)[number];

const isAmr = (value: string): value is Amr => (AMR_VALUES as readonly string[]).includes(value);

/** The stored column (space-separated; null for sessions from before it was recorded). */
export function parseAmr(stored: string | null): Amr[] {
  return stored === null ? [] : stored.split(' ').filter(isAmr);
}

export function storeAmr(amr: readonly Amr[]): string {
  return [...new Set(amr)].join(' ');
}

/** The method a verified second-factor code proves (the email code is no sign-in factor: nothing). */
export function codeFactorAmr(method: 'TOTP' | 'SMS' | 'BACKUP_CODE' | 'EMAIL'): Amr[] {
  if (method === 'TOTP' || method === 'BACKUP_CODE') return ['otp'];
  if (method === 'SMS') return ['sms'];
  return [];
}

/** A passkey: a synced one is software-secured (it leaves the device), a device-bound one hardware-secured. */
export function passkeyAmr(deviceType: 'singleDevice' | 'multiDevice'): Amr {
  return deviceType === 'multiDevice' ? 'swk' : 'hwk';
}

/** The sign-in's methods with a second factor verified on top: `mfa` added (no factor: unchanged). */
export function withSecondFactor(amr: readonly Amr[], factor: readonly Amr[]): Amr[] {
  if (factor.length === 0) return [...amr];
  return [...new Set<Amr>([...amr, ...factor, 'mfa'])];
}
