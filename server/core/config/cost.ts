/**
 * What the portal may spend on messages (issue 26: SMS pumping, mail bombing): the countries texts may go to and
 * the daily budgets, from the env, with defaults a region can run on. The send gate
 * (server/core/security/send-gate.ts) enforces them for every text and mail; docs/security.md "Cost-bearing
 * actions" lists them.
 *
 * - `SMS_COUNTRIES`: ISO codes texts may go to, comma-separated; default: the countries the region serves
 *   (server/core/reference/countries.ts). A number of no country (non-geographic, e.g. +882) never qualifies.
 * - `SMS_DAILY_BUDGET`: texts per day for the whole region.
 * - `SMS_DESTINATION_BUDGETS`: texts per day per destination: `TH=5000,+882=0,*=2000`; a key is a country code or a
 *   `+` calling-code prefix (the longest matching prefix wins over the country); `*` is every other country.
 * - `MAIL_DAILY_BUDGET`: mails per day for the whole region.
 * - `MAIL_PER_ADDRESS_DAILY`: mails per day to one address, whatever triggered them.
 */
import * as z from 'zod/mini';
import { countriesOfRegion } from '../reference/countries';
import type { RegionId } from '../../../src/regions/ids';

export interface CostSettings {
  smsCountries: ReadonlySet<string>;
  smsDailyBudget: number;
  /** Per-destination budgets by country code or `+prefix`; `*` for the rest. */
  smsDestinationBudgets: Readonly<Record<string, number>>;
  mailDailyBudget: number;
  mailPerAddressDaily: number;
}

export interface CostVars {
  SMS_COUNTRIES?: string;
  SMS_DAILY_BUDGET?: string;
  SMS_DESTINATION_BUDGETS?: string;
  MAIL_DAILY_BUDGET?: string;
  MAIL_PER_ADDRESS_DAILY?: string;
}

export const COST_DEFAULTS = {
  smsDailyBudget: 20_000,
  smsDestinationDaily: 2_000,
  mailDailyBudget: 200_000,
  mailPerAddressDaily: 30,
} as const;

const count = z.coerce.number().check(z.int(), z.gte(0));
const country = z.string().check(z.regex(/^[A-Z]{2}$/));
const destination = z.string().check(z.regex(/^([A-Z]{2}|\+[1-9]\d{0,5}|\*)$/));

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The settings, or the problems of a malformed value (the deployment guard refuses to serve with problems). */
export function costSettings(v: CostVars, region: RegionId): { settings: CostSettings; problems: string[] } {
  const problems: string[] = [];
  const number = (name: keyof CostVars, fallback: number): number => {
    const raw = v[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = count.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name} must be a whole number of 0 or more`);
    return fallback;
  };
  const countries =
    v.SMS_COUNTRIES === undefined || v.SMS_COUNTRIES === '' ? [...countriesOfRegion(region)] : list(v.SMS_COUNTRIES);
  for (const c of countries)
    if (!country.safeParse(c).success) problems.push(`SMS_COUNTRIES: ${c} is not an ISO country code`);
  const budgets: Record<string, number> = { '*': COST_DEFAULTS.smsDestinationDaily };
  for (const entry of list(v.SMS_DESTINATION_BUDGETS ?? '')) {
    const [key = '', value = ''] = entry.split('=').map((s) => s.trim());
    const n = count.safeParse(value);
    if (!destination.safeParse(key).success || !n.success)
      problems.push(`SMS_DESTINATION_BUDGETS: "${entry}" is not COUNTRY=n, +PREFIX=n or *=n`);
    else budgets[key] = n.data;
  }
  return {
    settings: {
      smsCountries: new Set(countries),
      smsDailyBudget: number('SMS_DAILY_BUDGET', COST_DEFAULTS.smsDailyBudget),
      smsDestinationBudgets: budgets,
      mailDailyBudget: number('MAIL_DAILY_BUDGET', COST_DEFAULTS.mailDailyBudget),
      mailPerAddressDaily: number('MAIL_PER_ADDRESS_DAILY', COST_DEFAULTS.mailPerAddressDaily),
    },
    problems,
  };
}

/** The budget key and daily budget of a destination: the longest `+prefix` it starts with, else its country, else `*`. */
export function destinationBudget(
  settings: CostSettings,
  e164: string,
  countryCode: string,
): { key: string; budget: number } {
  let best: string | null = null;
  for (const key of Object.keys(settings.smsDestinationBudgets))
    if (key.startsWith('+') && e164.startsWith(key) && (best === null || key.length > best.length)) best = key;
  if (best !== null) return { key: best, budget: settings.smsDestinationBudgets[best] ?? 0 };
  const own = settings.smsDestinationBudgets[countryCode];
  if (own !== undefined) return { key: countryCode, budget: own };
  return { key: countryCode, budget: settings.smsDestinationBudgets['*'] ?? COST_DEFAULTS.smsDestinationDaily };
}
