/** Spec §7 "Sign-up": age check, session, account creation (child sign-up is in parental.ts). */
import type { BodyOf } from '../../shared/contract/endpoint';
import { SIGNUP_TOKEN_HEADER } from '../../shared/contract/http';
import type * as c from '../../shared/contract/signup';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/signup'));

export const verifyAge = (body: BodyOf<typeof c.verifyAge>, o: UnifiedOption = {}) =>
  call('verifyAge', { body, unified: o.unified });
/** The unified variant sends membershipNo itself (spec §7): pass it in `body` there. */
export const signupInit = (body: BodyOf<typeof c.signupInit> = {}, o: UnifiedOption = {}) =>
  call('signupInit', { body, unified: o.unified });
/** partnerKey is added by the caller when present (spec §7). */
export const signup = (signUpSessionToken: string, body: BodyOf<typeof c.signup>, o: UnifiedOption = {}) =>
  call('signup', { body, unified: o.unified, headers: { [SIGNUP_TOKEN_HEADER]: signUpSessionToken } });
