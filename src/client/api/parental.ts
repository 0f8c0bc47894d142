/** Spec §7 "Parental": family, consent checks, child management, child sign-in and sign-up. */
import type { BodyOf } from '../../shared/contract/endpoint';
import { SIGNUP_TOKEN_HEADER } from '../../shared/contract/http';
import * as c from '../../shared/contract/parental';
import { call } from '../http/client';

export const getFamilyMembers = () => call(c.getFamilyMembers);
export const checkVpcCompletion = () => call(c.checkVpcCompletion);
export const checkVpcRequirement = () => call(c.checkVpcRequirement);
export const completeVpcSms = (body: BodyOf<typeof c.completeVpcSms>) => call(c.completeVpcSms, { body });
export const releaseChild = (childUserNo: number) => call(c.releaseChild, { query: { childUserNo } });
export const setChildStatus = (childUserNo: number, active: boolean) =>
  call(c.setChildStatus, { body: { childUserNo, active } });
export const resetChildGameAccess = (childUserNo: number) => call(c.resetChildGameAccess, { query: { childUserNo } });
export const childLogin = (body: BodyOf<typeof c.childLogin>) => call(c.childLogin, { body });
export const childTpaLogin = () => call(c.childTpaLogin, { body: {} });
export const childSignup = (signUpSessionToken: string, body: BodyOf<typeof c.childSignup>) =>
  call(c.childSignup, { body, headers: { [SIGNUP_TOKEN_HEADER]: signUpSessionToken } });
