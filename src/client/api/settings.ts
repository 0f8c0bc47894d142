/** Spec §7 "Settings": the account read, settings verification email code, verify-email link. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/settings';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/settings'));

/** Spec §7: not called in the one region; the settings store decides. */
export const getAccount = () => call('getAccount');
export const requestEmailCode = (purpose: c.EmailCodePurpose, body: BodyOf<typeof c.requestEmailCode>) =>
  call('requestEmailCode', { body, params: { purpose } });
export const requestVerifyEmail = (body: BodyOf<typeof c.requestVerifyEmail>) => call('requestVerifyEmail', { body });
