/**
 * The caps on consent by card (issue 26 §3, docs/security.md "Card testing
 * through parental consent"): the one place their values live. Each try is a
 * real $1 charge and refund, so a card tester with fresh accounts and rotating
 * IPs would otherwise get a free oracle (and we the fees). Counted in the
 * database (rate_limits), so they hold across isolates and restarts.
 *
 * - per parent account: 5 an hour, answered 429 20157 (the parent's own tries;
 *   it tells nothing about a card);
 * - per client IP: 10 a day;
 * - per card (the provider's card fingerprint, whoever saved the card): 3
 *   tries a day that end without consent (a decline, a refused try, a refund
 *   that failed); a consent gives its try back, so one family card serves
 *   both parents, while a tester stops after 3 tries of a number, however
 *   many accounts and addresses carry it;
 * - for the whole deployment: 500 a day (UTC calendar day), whatever the
 *   account, IP or card.
 *
 * The IP, card and global caps answer exactly like a plain decline (402
 * CARD_DECLINED, same message, nothing charged): a tester cannot tell a card
 * the bank refused from a try we never made, so the answers stop being an
 * oracle as soon as a cap is reached. They take alike too: every refused try
 * (a 402, whatever the reason) is held until the card step has run for at least
 * `cardRefusalFloorMs`, the time a provider round trip takes, since a capped
 * try never calls the provider and would otherwise come back faster.
 */
import type { Settings } from '../core/env';
import type { Limit } from '../core/security/rate-limit';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Per parent account: 5 an hour. */
export const VPC_CARD_LIMIT: Limit = {
  scope: 'vpc-card:account',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

/** Per client IP: 10 a day. */
export const VPC_CARD_IP_LIMIT: Limit = {
  scope: 'vpc-card:ip',
  max: 10,
  windowMs: DAY,
  lockMs: 0,
  code: 'CARD_DECLINED',
  onSuccess: 'keep',
};

/** Per card fingerprint: 3 tries a day without consent (a consent releases its slot). */
export const VPC_CARD_FINGERPRINT_LIMIT: Limit = {
  scope: 'vpc-card:card',
  max: 3,
  windowMs: DAY,
  lockMs: 0,
  code: 'CARD_DECLINED',
  onSuccess: 'release',
};

/**
 * The key of a saved card's cap: the provider's fingerprint, or for a card saved before fingerprints were kept
 * (migration 0024) the saved card itself.
 */
export function cardCapKey(card: { card_fingerprint: string | null; method_ref: string }): string {
  return card.card_fingerprint ?? `method:${card.method_ref}`;
}

/** Every card consent of the deployment: 500 a day, keyed by the UTC day. */
export const VPC_CARD_GLOBAL_LIMIT: Limit = {
  scope: 'vpc-card:global',
  max: 500,
  windowMs: DAY,
  lockMs: 0,
  code: 'CARD_DECLINED',
  onSuccess: 'keep',
};

/** The key of the global cap: the UTC calendar day of `now` (a new day starts a new count). */
export function globalCapKey(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * How long a refused card try takes at least, in production: above a declined charge's provider round trip (a
 * Stripe PaymentIntent confirmed off-session answers a decline in well under 2 s at its usual latency), so a decline
 * and a capped try both answer at the floor. Set VPC_CARD_FLOOR_MS above your provider's 99th percentile for a
 * declined charge if it is slower; a refused try is rare for a real parent, so the wait costs them little.
 */
export const VPC_CARD_FLOOR_MS = 2_000;
/** The floor with DEV_TOOLS: the local provider answers in milliseconds, and the tests stay quick. */
export const DEV_VPC_CARD_FLOOR_MS = 250;

/** This instance's floor for a refused card try: VPC_CARD_FLOOR_MS when set, else the mode's default. */
export function cardRefusalFloorMs(settings: Pick<Settings, 'vpcCardFloorMs' | 'devTools'>): number {
  return settings.vpcCardFloorMs ?? (settings.devTools ? DEV_VPC_CARD_FLOOR_MS : VPC_CARD_FLOOR_MS);
}
