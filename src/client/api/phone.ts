/** verify-phone calls (issue 12, account-setting base): the texted code, the proven number, phone recovery. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/phone';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/phone'));

export const requestPhoneCode = (body: BodyOf<typeof c.requestPhoneCode>) => call('requestPhoneCode', { body });
export const verifyPhone = (body: BodyOf<typeof c.verifyPhone>) => call('verifyPhone', { body });
export const setPhoneReset = (enabled: boolean) => call('setPhoneReset', { body: { enabled } });
