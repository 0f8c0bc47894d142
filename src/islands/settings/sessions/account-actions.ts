/**
 * "Download my data" and "Delete my account" of the security page, loaded
 * when the player presses one (not with the page). Both need a settings
 * verification of the last 10 minutes: the API answers 20008 N=9 otherwise,
 * and the settings error handler runs the verification and brings the player
 * back to the security page to press again.
 */
import { exportAccountData, requestAccountDeletion } from '../../../client/api/account-lifecycle';
import { confirmDialog, openDialog } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { navigate } from '../../../client/navigation/browser';
import { htmlLang, serverLocaleCode, type Locale } from '../../../i18n/locales';
import * as routes from '../../../routes/refs';

/** Fetches the export and saves it as a JSON file; the error when the API refused. */
export async function downloadAccountData(): Promise<ApiError | undefined> {
  const [failure, data] = await settle(exportAccountData());
  if (failure) return failure;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `lumenforge-account-${String(data.accountId)}-${data.exportedAt.slice(0, 10)}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has read the blob once the download started; keep it a moment for slow starts.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
  return undefined;
}

/**
 * Asks, then schedules the deletion; on success says when, and goes to the
 * login page (every session ended, this one too). Resolves with the API's
 * error, or undefined (done, or the player changed their mind).
 */
export async function deleteAccount(locale: Locale): Promise<ApiError | undefined> {
  const yes = await confirmDialog({
    titleKey: 'settings.deletion.confirmTitle',
    messageKey: 'settings.deletion.confirmBody',
    confirmKey: 'settings.deletion.confirm',
  });
  if (!yes) return undefined;
  const [failure, result] = await settle(requestAccountDeletion({ language: serverLocaleCode(locale) }));
  if (failure) return failure;
  const date = new Intl.DateTimeFormat(htmlLang(locale), { dateStyle: 'long' }).format(new Date(result.purgeAt));
  await openDialog({
    kind: 'success',
    titleKey: 'settings.deletion.doneTitle',
    messageKey: 'settings.deletion.doneBody',
    messageVars: { date },
  });
  navigate(routes.login, { replace: true });
  return undefined;
}
