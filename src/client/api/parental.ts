/** Spec §7 "Parental": family, consent checks, child management, child sign-in and sign-up. */
import type { BodyOf } from '../../shared/contract/endpoint';
import { SIGNUP_TOKEN_HEADER } from '../../shared/contract/http';
import type * as c from '../../shared/contract/parental';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/parental'));

export const getFamilyMembers = () => call('getFamilyMembers');
export const checkVpcCompletion = () => call('checkVpcCompletion');
export const checkVpcRequirement = () => call('checkVpcRequirement');
export const enableParentalControls = () => call('enableParentalControls', { body: {} });
export const disableParentalControls = () => call('disableParentalControls');
export const completeVpcCard = (body: BodyOf<typeof c.completeVpcCard>) => call('completeVpcCard', { body });
export const requestVpcSmsCode = (body: BodyOf<typeof c.requestVpcSmsCode>) => call('requestVpcSmsCode', { body });
export const completeVpcSms = (body: BodyOf<typeof c.completeVpcSms>) => call('completeVpcSms', { body });
export const releaseChild = (childUserNo: number) => call('releaseChild', { query: { childUserNo } });
export const setChildStatus = (childUserNo: number, active: boolean) =>
  call('setChildStatus', { body: { childUserNo, active } });
export const resetChildGameAccess = (childUserNo: number) => call('resetChildGameAccess', { query: { childUserNo } });
export const childLogin = (body: BodyOf<typeof c.childLogin>) => call('childLogin', { body });
export const childTpaLogin = () => call('childTpaLogin', { body: {} });
export const childSignup = (signUpSessionToken: string, body: BodyOf<typeof c.childSignup>) =>
  call('childSignup', { body, headers: { [SIGNUP_TOKEN_HEADER]: signUpSessionToken } });
