/**
 * The text of an error code in an island (spec §8 resolution: error.form.{code},
 * else error.modal.{code}.desc, else the general message with the code).
 * Server text is never shown; only the code picks the key. The texts are the
 * page's error-texts file, fetched with the first error that needs one
 * (src/client/errors/texts.ts): every code resolves on every screen.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $errorTexts, errorTextIn, loadErrorTexts, type ShownErrorText } from '../../client/errors/texts';
import type { Strings } from '../../client/t';

export type { ShownErrorText } from '../../client/errors/texts';

/**
 * The text of `code` (none when the code is null or undefined). Undefined
 * too while the page's error texts load, for the first error of the page: the
 * island shows nothing for that moment rather than a general message its real
 * text would replace. If they cannot be fetched, the general message with the
 * code and the support link.
 */
export function useErrorText(strings: Strings, code: string | null | undefined): ShownErrorText | undefined {
  const state = useStore($errorTexts);
  const wanted = code !== null && code !== undefined;
  useEffect(() => {
    // Also after a failed fetch: a new error is a new chance (the connection may be back).
    if (wanted && $errorTexts.get().status !== 'ready') void loadErrorTexts();
  }, [wanted, code]);
  return wanted ? errorTextIn(strings, state, code) : undefined;
}
