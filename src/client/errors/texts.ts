/**
 * The §8 error texts of the page's locale (docs/errors.md "Message texts"):
 * every error.form.*, error.modal.* and error.ban.* string, in one build-time
 * JSON file per locale, /account/{locale}/error-texts.json
 * (src/pages/account/[locale]/error-texts.json.ts). A page fetches it once,
 * with the first error that needs a text, so every code resolves on every
 * screen and no screen keeps a list of the codes it may meet.
 *
 * What a page ships itself (src/layouts/Screen.astro): the general message,
 * the default title and the support link's label (error.general,
 * error.defaultTitle, error.support) and the dialog buttons. So when the file
 * cannot be fetched, a code still shows the general message with the code
 * and the support link, which is §8's answer for a code without a text.
 */
import { atom } from 'nanostores';
import { ACCOUNT_BASE } from '../../routes/paths';
import type { ErrorText, ResolveOptions } from '../../shared/errors/catalogue';
import { DEFAULT_ERROR_CODE } from '../../shared/errors/codes';
import { DEFAULT_TITLE_KEY, GENERAL_MESSAGE_KEY, SUPPORT_LINK_KEY } from '../../shared/errors/text-keys';
import { currentLocale } from '../navigation/page';
import { createT, hasKey, type Strings } from '../t';

/** The file's name under /account/{locale}/. */
export const ERROR_TEXTS_FILE = 'error-texts.json';

export function errorTextsPath(locale: string): string {
  return `${ACCOUNT_BASE}/${locale}/${ERROR_TEXTS_FILE}`;
}

/** The catalogue's resolution of a code to its keys (spec §8), loaded with the texts. */
export type ErrorTextResolver = (
  code: string | null | undefined,
  has: (key: string) => boolean,
  options?: ResolveOptions,
) => ErrorText;

/** The file's texts and the catalogue that resolves codes: zod, the HTTP client and the catalogue load with the first error (fetch-texts.ts). */
async function fetchErrorTexts(locale: string): Promise<{ texts: Strings; resolve: ErrorTextResolver }> {
  const { fetchErrorTexts: fetchTexts, resolveErrorText } = await import('./fetch-texts');
  return { texts: await fetchTexts(errorTextsPath(locale)), resolve: resolveErrorText };
}

/** After a failed fetch: the resolver still resolves the keys a screen ships itself, when its module loads. */
async function resolverAlone(): Promise<ErrorTextResolver | undefined> {
  try {
    return (await import('./fetch-texts')).resolveErrorText;
  } catch {
    return undefined;
  }
}

export type ErrorTextsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly done: Promise<void> }
  | { readonly status: 'ready'; readonly texts: Strings; readonly resolve: ErrorTextResolver }
  /** The fetch failed: codes show the general message until a later error tries again. */
  | { readonly status: 'failed'; readonly resolve: ErrorTextResolver | undefined };

/** Shared by every island and the dialog host of the page. */
export const $errorTexts = atom<ErrorTextsState>({ status: 'idle' });

/**
 * Fetches the page's error texts unless they are loaded or loading; resolves
 * when the state is ready or failed (never rejects). After a failure the next
 * call tries again: the connection may be back.
 */
export function loadErrorTexts(): Promise<void> {
  const state = $errorTexts.get();
  if (state.status === 'ready') return Promise.resolve();
  if (state.status === 'loading') return state.done;
  const done = fetchErrorTexts(currentLocale()).then(
    ({ texts, resolve }) => {
      $errorTexts.set({ status: 'ready', texts, resolve });
    },
    async () => {
      $errorTexts.set({ status: 'failed', resolve: await resolverAlone() });
    },
  );
  $errorTexts.set({ status: 'loading', done });
  return done;
}

/** The strings to resolve error texts in: the island's own, then the loaded file's. */
export function errorTextSources(strings: Strings, state: ErrorTextsState): Strings[] {
  return state.status === 'ready' ? [strings, state.texts] : [strings];
}

/** The text of an error code as shown: message (with the code interpolated) and whether the support link goes with it. */
export interface ShownErrorText {
  readonly title: string;
  readonly message: string;
  /** Spec §8: the support link comes only with the general message. */
  readonly showSupport: boolean;
  /** The support link's label (error.support), for the caller that shows the link. */
  readonly supportLabel: string;
}

/**
 * §8 resolution of `code` over `sources` (docs/errors.md "Resolution"):
 * error.form.{code}, else error.modal.{code}.desc, else the general message
 * with the code; title error.modal.{code}.title, else the default title.
 */
export function shownErrorText(
  sources: readonly Strings[],
  code: string | null | undefined,
  options: ResolveOptions = {},
  resolve?: ErrorTextResolver,
): ShownErrorText {
  const t = createT(...sources);
  const text = resolve ? resolve(code, (key) => sources.some((s) => hasKey(s, key)), options) : generalText(code);
  return {
    title: t(text.titleKey),
    message: t(text.messageKey, text.messageVars),
    showSupport: text.showSupport,
    supportLabel: t(SUPPORT_LINK_KEY),
  };
}

/** §8's answer without the catalogue (its module could not load): the general message with the code. */
function generalText(code: string | null | undefined): ErrorText {
  const shown = code === null || code === undefined || code.trim() === '' ? DEFAULT_ERROR_CODE : code;
  return {
    titleKey: DEFAULT_TITLE_KEY,
    messageKey: GENERAL_MESSAGE_KEY,
    messageVars: { code: shown },
    showSupport: true,
  };
}

/**
 * The text of `code` for an island, given the state of the page's error
 * texts: undefined while they load (a screen shows nothing rather than a
 * general message that the real text would replace a moment later).
 */
export function errorTextIn(
  strings: Strings,
  state: ErrorTextsState,
  code: string | null | undefined,
  options: ResolveOptions = {},
): ShownErrorText | undefined {
  if (state.status === 'idle' || state.status === 'loading') return undefined;
  return shownErrorText(errorTextSources(strings, state), code, options, state.resolve);
}

/** The text of `code` once the page's error texts have loaded (or failed to): for code outside React's render. */
export async function errorTextWhenLoaded(
  strings: Strings,
  code: string | null | undefined,
  options: ResolveOptions = {},
): Promise<ShownErrorText> {
  await loadErrorTexts();
  const state = $errorTexts.get();
  const resolve = state.status === 'ready' || state.status === 'failed' ? state.resolve : undefined;
  return shownErrorText(errorTextSources(strings, state), code, options, resolve);
}
