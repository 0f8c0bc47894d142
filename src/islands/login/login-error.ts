/**
 * The login error handler (spec §4 step 1, §8): the main handler first
 * (20045 healup, 20008 second factor, 20226, 20001, 20257…), then the
 * "other handled codes" (ban, terms, legacy dialogs, captcha, login failed…).
 * On the sign-in form the trusted-device verification of 20008 (N=9) is the
 * second-factor screen, login/auth-types, reached with the query carried.
 * Pure: the island carries out the descriptor.
 */
import type { ErrorDescriptor, HandledError } from '../../client/errors/descriptor';
import { mainErrorAction, type MainHandlerContext } from '../../client/errors/main-handler';
import { otherCodeAction } from '../../client/errors/other-codes';

/** Codes the sign-in flow meets (issue 5, spec §8): the screen ships exactly their strings. */
export const LOGIN_ERROR_CODES = [
  '20002',
  '20100',
  '20102',
  '20036',
  '20037',
  '20072',
  '20126',
  '20157',
  '20187',
  '20211',
  '20184',
  '20255',
  '20050',
  '20194',
  '20195',
  '20196',
  '20197',
  '20198',
  '20199',
  '20215',
  '20216',
  '20007',
  'UNDER_MAINTENANCE',
  '20001',
  '20257',
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  'captcha',
  '00000',
] as const;

export function loginErrorAction(error: HandledError, ctx: MainHandlerContext): ErrorDescriptor {
  const main = mainErrorAction(error, ctx);
  if (main.kind === 'dialog' && main.dialog === 'trusted-device-verification')
    return { kind: 'navigate', target: { name: 'login-auth-types' } };
  return main.kind === 'reject' ? otherCodeAction(error) : main;
}
