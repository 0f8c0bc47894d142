/**
 * Error handling for settings calls, loaded with the first error (settings-errors.ts holds it): the main
 * handler, the other handled codes, the dialogs and the settings verification it may start are about 6 KB br
 * that a settings page does not need before something fails (page budget, docs/performance.md).
 */
import type { ApiError } from '../../client/http/api-error';
import type { SettingsErrorOutcome } from './settings-errors';

export type { SettingsErrorOutcome } from './settings-errors';

/** The handling's module: a settings form warms it with its action path (../shared/warm-path). */
export const loadSettingsErrors = () => import('./settings-errors');
const load = loadSettingsErrors;

/** Spec §8 handling of a settings call's error; a code whose text belongs in the form comes back. */
export async function handleSettingsError(error: ApiError): Promise<SettingsErrorOutcome> {
  return (await load()).handleSettingsError(error);
}

/** The code to show inside an open form or dialog, or undefined when the error needs the full handling. */
export async function inlineCodeOf(error: ApiError): Promise<string | undefined> {
  return (await load()).inlineCodeOf(error);
}
