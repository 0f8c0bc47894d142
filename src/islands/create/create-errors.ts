/**
 * What a failed create call does (spec §8): the main handler first, then the other handled codes; a code whose
 * text belongs in the form comes back as the reducer's event. Loaded with the first failure (CreateIsland.tsx):
 * the handlers, dialogs and their schemas are not needed to render the form.
 */
import { performErrorAction } from '../../client/dialogs/perform';
import { mainErrorAction } from '../../client/errors/main-handler';
import { otherCodeAction } from '../../client/errors/other-codes';
import type { ApiError } from '../../client/http/api-error';
import { redirectPolicy } from '../../client/navigation/browser';
import type { CreateEvent } from './create-reducer';

export async function failureEvent(error: ApiError): Promise<CreateEvent | undefined> {
  if (error.navigating) return undefined;
  const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  const action = main.kind === 'reject' ? otherCodeAction(error) : main;
  if (action.kind === 'form-error' || action.kind === 'error-dialog' || action.kind === 'reject')
    return { type: 'failed', code: action.code };
  const result = await performErrorAction(action);
  if (action.kind === 'show-captcha') return { type: 'failed', code: error.code };
  return result.kind === 'done' ? { type: 'settled' } : { type: 'failed', code: error.code };
}
