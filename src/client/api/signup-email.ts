/** Web sign-up email step and the emailed verification link (contract: signup-email.ts). */
import type { BodyOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/signup-email';
import { call } from '../http/client';
import type { UnifiedOption } from './options';

export const validateSignupEmail = (body: BodyOf<typeof c.webSignupEmailValidate>, o: UnifiedOption = {}) =>
  call(c.webSignupEmailValidate, { body, unified: o.unified });

export const requestSignupEmailCode = (body: BodyOf<typeof c.webSignupEmailRequestCode>, o: UnifiedOption = {}) =>
  call(c.webSignupEmailRequestCode, { body, unified: o.unified });

export const verifySignupEmailCode = (body: BodyOf<typeof c.webSignupEmailVerifyCode>, o: UnifiedOption = {}) =>
  call(c.webSignupEmailVerifyCode, { body, unified: o.unified });

export const verifyEmailLink = (body: BodyOf<typeof c.verifyEmailLink>) => call(c.verifyEmailLink, { body });

export const resendVerifyEmailLink = (body: BodyOf<typeof c.resendVerifyEmailLink>) =>
  call(c.resendVerifyEmailLink, { body });
