/** Web sign-up email step and the emailed verification link (contract: signup-email.ts). */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/signup-email';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/signup-email'));

export const validateSignupEmail = (body: BodyOf<typeof c.webSignupEmailValidate>, o: UnifiedOption = {}) =>
  call('webSignupEmailValidate', { body, unified: o.unified });

export const requestSignupEmailCode = (body: BodyOf<typeof c.webSignupEmailRequestCode>, o: UnifiedOption = {}) =>
  call('webSignupEmailRequestCode', { body, unified: o.unified });

export const verifySignupEmailCode = (body: BodyOf<typeof c.webSignupEmailVerifyCode>, o: UnifiedOption = {}) =>
  call('webSignupEmailVerifyCode', { body, unified: o.unified });

export const verifyEmailLink = (body: BodyOf<typeof c.verifyEmailLink>) => call('verifyEmailLink', { body });

export const resendVerifyEmailLink = (body: BodyOf<typeof c.resendVerifyEmailLink>) =>
  call('resendVerifyEmailLink', { body });
