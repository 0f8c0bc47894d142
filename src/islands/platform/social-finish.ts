/**
 * The end of a social step on a console (docs/platforms.md "Social sign-in on a platform"), shared by the
 * callback, the social-link screen and the sign-up: a signed-in answer (`hashedGlobalUserNo`) means the console is
 * linked; `{email}` only means the account's second factor is due (the verify-linking screens finish the link).
 * Refusals go through the platform's §8 handling (./failure.ts) and come back as the outcome the social islands
 * already know (TpaOutcome), so those islands serve the console unchanged; 20128 (an account has the email) goes
 * to global/{platform}/social-link/5 there. Loaded with the first answer.
 */
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { TpaOutcome } from '../social/finish-tpa';
import { platformCalls } from './calls';
import { platformFailure } from './failure';
import { verifyRouteOf } from './verify-routes';
import * as routes from '../../routes/refs';

export interface PlatformSocialAnswer {
  readonly hashedGlobalUserNo?: string | undefined;
  readonly email?: string | null | undefined;
}

/**
 * Where the console goes after a social step answered: `end` for a signed-in answer (the platform login's
 * signed-in state after a sign-in, link-success after a new link), else the second factor's screen.
 */
export async function platformSocialDone(
  platform: ConsolePlatform,
  answer: PlatformSocialAnswer,
  end: 'login' | 'link-success',
): Promise<TpaOutcome> {
  if (answer.hashedGlobalUserNo !== undefined) {
    if (end === 'login') navigate(routes.platformLogin, { params: { platform }, replace: true });
    else navigate(routes.platformLinkSuccess, { params: { platform }, query: { email: answer.email ?? undefined } });
    return { kind: 'leaving' };
  }
  const [error, state] = await settle((await platformCalls()).getLinkingState(platform));
  if (error) return platformOutcome(error, platform);
  if (state.pending !== null) navigate(verifyRouteOf(state.pending), { params: { platform }, replace: true });
  else navigate(routes.platformLogin, { params: { platform }, replace: true });
  return { kind: 'leaving' };
}

/** A refusal on a console: link-failed and the dialogs as the platform screens handle them, or a code to show. */
export async function platformOutcome(error: ApiError, platform: ConsolePlatform): Promise<TpaOutcome> {
  const code = await platformFailure(error, platform);
  if (code !== undefined) return { kind: 'form-error', code };
  return error.navigating ? { kind: 'leaving' } : { kind: 'shown', code: error.code };
}
