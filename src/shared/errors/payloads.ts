/**
 * Error codes whose message carries data (spec §8). The reference API builds
 * these messages with the `format*` functions and the islands read them with
 * the `read*` functions, so the two cannot disagree on a format. Everything
 * else in an error message is for logs, never UI copy.
 */
import * as z from 'zod/mini';
import { emailAddress } from '../contract/formats';
import { BAN_REASONS, type BanReason } from './codes';

/** 20045: the healup items (./healup-items, without zod: the healup screen reads them at start). */
export { formatHealupItems, HEALUP_ITEMS, readHealupItems, type HealupItem } from './healup-items';

/** 20135: this message means "verify a new phone"; any other message is the phone number on file. */
export const NEED_SMS_VERIFICATION_MESSAGE = 'need-sms-verification';

/**
 * 20226: a child account its parent paused (deactivated, spec §9 status 0) carries this message; any other
 * message is spec §8's case, a child suspended after failed sign-ins. Same code and screen, different words.
 */
export const CHILD_PAUSED_MESSAGE = 'paused-by-parent';

export function readChildPaused(message: string): boolean {
  return message.trim() === CHILD_PAUSED_MESSAGE;
}

/** 20008: "missing verification code: N". */
export const VERIFICATION_KIND = { trustedDevice: 9, parentalControl: 10 } as const;

export function formatMissingVerificationCode(n: number): string {
  return `missing verification code: ${String(n)}`;
}

export function readMissingVerificationCode(message: string): number | undefined {
  const match = /^missing verification code: (\d{1,3})$/.exec(message.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** 20184: JSON with the legacy-support code to copy and the account uid. */
export const legacySupportPayload = z.object({ code: z.string().check(z.minLength(1)), uid: z.string() });
/** 20211: JSON with the legacy email the account may sign in with. */
export const legacyEmailPayload = z.object({ email: emailAddress() });

function readJson<S extends z.ZodMiniType>(schema: S, message: string): z.infer<S> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const readLegacySupport = (message: string) => readJson(legacySupportPayload, message);
export const readLegacyEmail = (message: string) => readJson(legacyEmailPayload, message);

/** 20100: the message is the ban reason code, 7000–7006. */
export function readBanReason(message: string): BanReason | undefined {
  const reason = message.trim();
  return BAN_REASONS.find((known) => known === reason);
}
