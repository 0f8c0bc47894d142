/**
 * Spec §8 on the platform screens: the main handler with the page's platform
 * (20159, 20138 and INVALID_TICKET go to global/{platform}/link-failed), then
 * the other handled codes (20074's Log out dialog). The handlers and dialogs
 * load with the first failure, not with the page (docs/performance.md).
 * Resolves with the code to show in the form, or undefined when handled.
 */
import type { ApiError } from '../../client/http/api-error';
import { redirectPolicy } from '../../client/navigation/browser';

export async function platformFailure(error: ApiError, platform: string): Promise<string | undefined> {
  if (error.navigating) return undefined;
  const [{ mainErrorAction }, { otherCodeAction }, { performErrorAction }] = await Promise.all([
    import('../../client/errors/main-handler'),
    import('../../client/errors/other-codes'),
    import('../../client/dialogs/perform'),
  ]);
  const main = mainErrorAction(error, { currentUrl: location.href, platform, redirectPolicy: redirectPolicy() });
  const action = main.kind === 'reject' ? otherCodeAction(error) : main;
  if (action.kind === 'form-error' || action.kind === 'error-dialog' || action.kind === 'reject') return action.code;
  await performErrorAction(action);
  return undefined;
}
