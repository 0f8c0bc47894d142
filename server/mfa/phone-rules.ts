/**
 * The phone rules of SMS verification (spec §5, §9) that need the account and
 * the database: the 90-day change lock and at most 4 accounts per number, on
 * top of the number checks of server/core/reference/phone-numbers.ts.
 */
import type { Context } from 'hono';
import { countAccountsWithPhone } from './data';
import type { AccountRow } from '../core/data/rows';
import { countriesOfRegion } from '../core/reference/countries';
import { checkPhone } from '../core/reference/phone-numbers';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: a phone number cannot be changed again for 90 days. */
export const PHONE_CHANGE_LOCK_MS = 90 * DAY;
/** Spec §9: one number serves at most 4 accounts. */
export const MAX_ACCOUNTS_PER_PHONE = 4;

/**
 * A new phone for this account, or the error: 20205 invalid (not a number,
 * not from the country list, leading zero) or within the 90-day change lock,
 * SMS_BLOCKED when the number cannot receive texts, 20134 when 4 other
 * accounts already use it. Returns the number in E.164.
 */
export async function validPhoneFor(c: Context<AppEnv>, account: AccountRow, input: string, now: number) {
  const check = checkPhone(input, countriesOfRegion(settingsOf(c.env).region.id));
  if (!check.ok) {
    if (check.reason === 'no-sms') throw new ApiError(400, 'SMS_BLOCKED', 'This number cannot receive texts');
    throw new ApiError(400, '20205', `Invalid phone number (${check.reason})`);
  }
  const changing = account.phone_no !== null && account.phone_no !== check.e164;
  if (changing && account.phone_changed_at !== null && now - account.phone_changed_at < PHONE_CHANGE_LOCK_MS) {
    const until = new Date(account.phone_changed_at + PHONE_CHANGE_LOCK_MS).toISOString();
    throw new ApiError(409, 'PHONE_CHANGE_LOCKED', `Phone number change locked until ${until}`);
  }
  if ((await countAccountsWithPhone(c.var.db, check.e164, account.id)) >= MAX_ACCOUNTS_PER_PHONE)
    throw new ApiError(409, '20134', 'This number already serves the maximum number of accounts');
  return check.e164;
}
