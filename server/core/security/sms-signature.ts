/**
 * Signatures of the SMS provider's inbound-message webhook:
 * `x-sms-signature: t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with
 * SMS_WEBHOOK_SECRET (the scheme of the common SMS and payment providers).
 * A delivery is accepted within 5 minutes of its time stamp, by the API
 * clock; the route also refuses a message id it has seen (replays inside the
 * window).
 */
import { fromHex, hmacSign, hmacVerify, toHex } from './hmac';

export const SMS_SIGNATURE_HEADER = 'x-sms-signature';
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export async function signSmsWebhook(secret: string, body: string, at: number): Promise<string> {
  return `t=${String(at)},v1=${toHex(await hmacSign(secret, `${String(at)}.${body}`))}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

export async function checkSmsSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
): Promise<SignatureCheck> {
  if (header === undefined) return 'missing';
  const match = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(header.trim());
  const signature = match?.[2] === undefined ? null : fromHex(match[2]);
  if (match?.[1] === undefined || signature === null) return 'malformed';
  const at = Number(match[1]);
  if (Math.abs(now - at) > SIGNATURE_TOLERANCE_MS) return 'stale';
  return (await hmacVerify(secret, `${match[1]}.${body}`, signature)) ? 'ok' : 'mismatch';
}
