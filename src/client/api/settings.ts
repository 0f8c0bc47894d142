/** Spec §7 "Settings": the account read, settings verification email code, verify-email link. */
import type { BodyOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/settings';
import { call } from '../http/client';

/** Spec §7: not called in the one region; the settings store decides. */
export const getAccount = () => call(c.getAccount);
export const requestEmailCode = (purpose: c.EmailCodePurpose, body: BodyOf<typeof c.requestEmailCode>) =>
  call(c.requestEmailCode, { body, params: { purpose } });
export const requestVerifyEmail = (body: BodyOf<typeof c.requestVerifyEmail>) => call(c.requestVerifyEmail, { body });
