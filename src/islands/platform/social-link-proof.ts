/**
 * global/{platform}/social-link/{case} (docs/platforms.md "Social sign-in on a platform"): the social-link
 * screen's proofs on a console (SocialLinkIsland with `platform`). The existing account's password or the code
 * emailed to it goes to linking/social/password | verify-code; the provider is linked, then the console: linked
 * and signed in (link-success), or the account's second factor on the verify-linking screens. Loaded with the
 * first use.
 */
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { TpaOutcome } from '../social/finish-tpa';
import { platformCalls } from './calls';
import { platformOutcome, platformSocialDone } from './social-finish';

export async function proveOnConsole(
  platform: ConsolePlatform,
  proof: 'password' | 'code',
  value: string,
): Promise<TpaOutcome> {
  const api = await platformCalls();
  const [error, answer] = await settle(
    proof === 'password'
      ? api.platformSocialLinkPassword(platform, { password: value })
      : api.platformSocialLinkVerifyCode(platform, { code: value }),
  );
  return error ? platformOutcome(error, platform) : platformSocialDone(platform, answer, 'link-success');
}

export const consoleFailed = (error: ApiError, platform: ConsolePlatform) => platformOutcome(error, platform);
