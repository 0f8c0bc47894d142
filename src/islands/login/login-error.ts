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
import * as routes from '../../routes/refs';

export function loginErrorAction(error: HandledError, ctx: MainHandlerContext): ErrorDescriptor {
  const main = mainErrorAction(error, ctx);
  if (main.kind === 'dialog' && main.dialog === 'trusted-device-verification')
    return { kind: 'navigate', target: { route: routes.loginAuthTypes } };
  return main.kind === 'reject' ? otherCodeAction(error) : main;
}
