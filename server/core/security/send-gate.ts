/**
 * The one gate every text and every mail passes (issue 26: SMS pumping and mail bombing), wrapped around the
 * providers by server/core/providers/index.ts, so no route can send around it:
 *
 * - a text goes only to a number of a country on the region's allow-list (SMS_COUNTRIES; a number of no country,
 *   such as the premium +882/+883 ranges, never): otherwise 400 20205, as an invalid number;
 * - texts spend a daily budget per destination (country, or a configured calling-code prefix) and one for the
 *   region; mails one per address and one for the region (server/core/config/cost.ts). A spent budget answers the
 *   spec's limit message (429 20157, Retry-After), logs an error-level alert (no number, no address) and counts it
 *   for ops (server/core/data/ops-alerts.ts).
 *
 * Budgets are reserved before the provider is called (rate-limit.ts), so a parallel burst cannot overspend them.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Clock } from '../clock';
import type { CostSettings } from '../config/cost';
import { destinationBudget } from '../config/cost';
import { recordOpsAlert } from '../data/ops-alerts';
import type { Db } from '../db/engine';
import { ApiError } from '../http/errors';
import type { EmailProvider } from '../providers/email';
import type { SmsProvider } from '../providers/sms';
import { cancel, hit, type Limit, type Reservation } from './rate-limit';

const DAY = 24 * 60 * 60 * 1000;

function dailyBudget(scope: string, max: number): Limit {
  return { scope, max, windowMs: DAY, lockMs: 0, code: '20157', onSuccess: 'keep' };
}

export interface GateDeps {
  db: Db;
  clock: Clock;
  cost: CostSettings;
  region: string;
}

/** The answer of a spent budget: the spec's limit message, retry after the day's window. */
function spent(now: number, windowEnd: number): ApiError {
  const seconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  return new ApiError(429, '20157', 'Too many attempts; retry later', { 'Retry-After': String(seconds) });
}

/** Takes one use of each budget in order; a refusal gives back the ones taken, alerts ops and answers 20157. */
async function spend(deps: GateDeps, budgets: readonly { limit: Limit; key: string; alert: string }[]) {
  const now = deps.clock.now();
  const taken: Reservation[] = [];
  for (const b of budgets) {
    try {
      // A budget of 0 closes the destination outright (the counter's first use would otherwise be allowed).
      if (b.limit.max === 0) throw spent(now, now + DAY);
      taken.push(await hit(deps.db, now, b.limit, b.key));
    } catch (e) {
      await cancel(deps.db, taken);
      if (!(e instanceof ApiError) || e.status !== 429) throw e;
      // Ops hear of it; the log names the budget, never the number or the address.
      console.error(JSON.stringify({ level: 'error', alert: b.alert, budget: b.key, region: deps.region }));
      await recordOpsAlert(deps.db, b.alert, now);
      throw e;
    }
  }
}

/** Where a number may be texted and what it spends, or why not (null: refused by the allow-list). */
export function smsDestination(cost: CostSettings, to: string): { key: string; budget: number } | null {
  const phone = parsePhoneNumberFromString(to);
  const country = phone?.country;
  if (phone === undefined || !phone.isValid() || country === undefined || !cost.smsCountries.has(country)) return null;
  return destinationBudget(cost, phone.number, country);
}

/** A gated SMS provider; `withhold` runs the gate for a number and delivers nothing. */
export interface GatedSmsProvider extends SmsProvider {
  /**
   * The gate's checks and budgets for `to`, without a text: for a number that belongs to no account, which gets
   * no text but the same answer (an allow-list refusal, a spent budget) and the same database work (issue 26).
   */
  withhold(to: string): Promise<void>;
}

export function gatedSms(deps: GateDeps, provider: SmsProvider): GatedSmsProvider {
  const check = async (to: string) => {
    const destination = smsDestination(deps.cost, to);
    if (destination === null) throw new ApiError(400, '20205', 'Texts are not sent to this number');
    await spend(deps, [
      {
        limit: dailyBudget('sms:budget:destination', destination.budget),
        key: destination.key,
        alert: 'sms-destination-budget',
      },
      {
        limit: dailyBudget('sms:budget:region', deps.cost.smsDailyBudget),
        key: deps.region,
        alert: 'sms-region-budget',
      },
    ]);
  };
  return {
    kind: provider.kind,
    async send(message) {
      await check(message.to);
      await provider.send(message);
    },
    withhold: check,
  };
}

export function gatedEmail(deps: GateDeps, provider: EmailProvider): EmailProvider {
  return {
    ...provider,
    async send(message) {
      await spend(deps, [
        {
          limit: dailyBudget('mail:budget:address', deps.cost.mailPerAddressDaily),
          key: message.to.trim().toLowerCase(),
          alert: 'mail-address-budget',
        },
        {
          limit: dailyBudget('mail:budget:region', deps.cost.mailDailyBudget),
          key: deps.region,
          alert: 'mail-region-budget',
        },
      ]);
      await provider.send(message);
    },
  };
}
