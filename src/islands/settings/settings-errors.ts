/**
 * Error handling for settings calls (spec §8): the main handler first (20001
 * → login with return_url; 20008 N=9 → trusted-device verification, whose
 * cancel goes to security), then the other handled codes. Codes whose text
 * belongs in a form come back to the caller; everything else is shown here.
 * On settings screens the trusted-device verification is the settings
 * verification of spec §4: a protected change answers 20008 N=9 ("verify
 * first"), the player confirms, verifies, and comes back to the screen.
 * The parental actions answer 20008 N=10 the same way (cancel goes to
 * setting); the player repeats the action after verifying.
 */
import { performErrorAction, type FlowDialogHandlers } from '../../client/dialogs/perform';
import { confirmDialog, errorDialog } from '../../client/dialogs/queue';
import type { RouteTarget } from '../../client/navigation/href';
import { mainErrorAction } from '../../client/errors/main-handler';
import { otherCodeAction } from '../../client/errors/other-codes';
import type { ApiError } from '../../client/http/api-error';
import { navigate, redirectPolicy } from '../../client/navigation/browser';
import { currentRoute } from '../../client/navigation/routes';
import { startSettingsVerification } from '../mfa/verification/start';
import { accountWhenLoaded } from './account';

export type SettingsErrorOutcome =
  /** Show this code's text in the form. */
  | { readonly kind: 'form'; readonly code: string }
  /** Handled here (dialog shown, or the page is leaving). */
  | { readonly kind: 'handled' };

const handled: SettingsErrorOutcome = { kind: 'handled' };

/** 20008 N=9: the change needs a fresh verification; the player verifies, or goes back to security. */
async function verifyBeforeChange(cancel: RouteTarget): Promise<void> {
  const ok = await confirmDialog({
    titleKey: 'settings.verifyFirst.title',
    messageKey: 'settings.verifyFirst.body',
    confirmKey: 'settings.verifyFirst.confirm',
  });
  const account = ok ? await accountWhenLoaded() : null;
  const here = currentRoute();
  if (!ok || account === null || here === undefined) {
    navigate(cancel.route, cancel);
    return;
  }
  const outcome = await startSettingsVerification(here, account);
  if (outcome.kind === 'form-error') await errorDialog(outcome.code);
}

/** The flow dialogs the settings screens carry out themselves. */
const SETTINGS_FLOWS: FlowDialogHandlers = {
  'trusted-device-verification': (dialog) => verifyBeforeChange(dialog.cancel),
  // 20008 N=10: the parental-control verification (release, deactivation, turning controls off). The same
  // settings verification, for the parental-controls purpose of the screen it returns to; cancel goes to setting.
  'parental-verification': (dialog) => verifyBeforeChange(dialog.cancel),
};

/**
 * The code to show inside an open form or dialog, when the error is one whose
 * text belongs there (a wrong code, a taken name…); undefined when the error
 * needs the full handling (navigation, verification, error dialog).
 */
export function inlineCodeOf(error: ApiError): string | undefined {
  if (error.navigating) return undefined;
  const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  if (main.kind !== 'reject') return undefined;
  const other = otherCodeAction(error);
  return other.kind === 'form-error' ? other.code : undefined;
}

export async function handleSettingsError(error: ApiError): Promise<SettingsErrorOutcome> {
  if (error.navigating) return handled;
  const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  const action = main.kind === 'reject' ? otherCodeAction(error) : main;
  const result = await performErrorAction(action, SETTINGS_FLOWS);
  switch (result.kind) {
    case 'form-error':
      return { kind: 'form', code: result.code };
    case 'reject':
      await errorDialog(result.code);
      return handled;
    default:
      return handled;
  }
}
