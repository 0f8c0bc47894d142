/**
 * The password step of every email-or-ID sign-in (web, launcher, global-account client; spec §4 "Login flow",
 * §7 "Launcher and login"): captcha, the accounts whose deletion is due, the password check with its limits,
 * then the steps after the password (./sign-in.ts). One function, so the channels cannot drift apart.
 */
import type { Context } from 'hono';
import type { LoginResponse } from '../../src/shared/contract/common';
import { findAccountByLogin } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { assertCaptcha } from '../core/providers/index';
import { purgeIdleCountersAfterResponse } from '../core/security/rate-limit';
import type { CaptchaAction } from '../core/providers/captcha';
import { purgeDueAccounts } from '../settings/account-deletion';
import { checkPasswordDeferred } from './authenticate';
import { signInAfterPassword } from './sign-in';

export interface PasswordSignInBody {
  id: string;
  password: string;
  captchaToken: string;
  captchaVersion: 'v2' | 'v3';
  deviceId: string;
  /** Remember me (launcher: keep me signed in); false when the channel's body has none. */
  autoLogin?: boolean | undefined;
  localTime?: string | undefined;
  timeOffset?: number | undefined;
}

export interface PasswordSignInOptions {
  /** The audit entry's channel: `web`, `launcher`, `global`. */
  channel: string;
  captchaAction: CaptchaAction;
}

export async function passwordSignIn(
  c: Context<AppEnv>,
  body: PasswordSignInBody,
  { channel, captchaAction }: PasswordSignInOptions,
): Promise<LoginResponse> {
  await assertCaptcha(c, body.captchaToken, body.captchaVersion, captchaAction);
  // A Pages Function cannot run on a schedule: sign-in attempts remove the accounts whose deletion is due.
  await purgeDueAccounts(c);
  // …and start the purge of the attempt counters left idle (a few times an hour at most), after the response.
  await purgeIdleCountersAfterResponse(c);
  const account = await findAccountByLogin(c.var.db, body.id.trim());
  // checkPassword answers unknown accounts and wrong passwords alike (20002, decoy timing) and applies the limits.
  // The check's writes go with the sign-in's first write: one batch and one audit entry when it completes at once.
  const { account: checked, success } = await checkPasswordDeferred(c, account, body.password, {
    loginId: body.id,
    // assertCaptcha above verified the token; only the visible widget (v2) answers a captcha demand (20072).
    captchaSolved: body.captchaVersion === 'v2',
  });
  const detail: Record<string, string | number> = { channel };
  if (body.localTime !== undefined) detail['localTime'] = body.localTime;
  if (body.timeOffset !== undefined) detail['timeOffset'] = body.timeOffset;
  return signInAfterPassword(c, checked, {
    rememberMe: body.autoLogin === true,
    deviceId: body.deviceId,
    detail,
    amr: ['pwd'],
    password: success,
  });
}
