/**
 * A sign-in during an account deletion's grace period (issue 12): the API
 * answers 403 ACCOUNT_DELETION_PENDING, its message the date and a single-use
 * ticket. The login screen asks whether to cancel the deletion; on yes the
 * ticket cancels it and the caller signs in again as usual. Loaded with the
 * error, never with the page.
 */
import { cancelAccountDeletion } from '../../client/api/account-lifecycle';
import { confirmDialog, errorDialog } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { htmlLang, isLocale, serverLocaleCode } from '../../i18n/locales';

/** The date and ticket of the answer's message; null when it is not the expected JSON. */
export function readDeletionPending(message: string): { purgeAt: string; ticket: string } | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null) return null;
    const { purgeAt, ticket } = value as Record<string, unknown>;
    if (typeof purgeAt !== 'string' || typeof ticket !== 'string' || Number.isNaN(Date.parse(purgeAt))) return null;
    return { purgeAt, ticket };
  } catch {
    return null;
  }
}

/** Resolves true when the deletion was cancelled (sign in again now); false when kept or it failed. */
export async function offerCancelDeletion(error: ApiError, locale: string): Promise<boolean> {
  const pending = readDeletionPending(error.serverMessage);
  if (pending === null) {
    await errorDialog(error.code);
    return false;
  }
  const lang = isLocale(locale) ? htmlLang(locale) : 'en';
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(pending.purgeAt));
  const yes = await confirmDialog({
    titleKey: 'login.deletion.title',
    messageKey: 'login.deletion.body',
    messageVars: { date },
    confirmKey: 'login.deletion.confirm',
    cancelKey: 'login.deletion.decline',
  });
  if (!yes) return false;
  const [failure] = await settle(
    cancelAccountDeletion({
      ticket: pending.ticket,
      language: serverLocaleCode(isLocale(locale) ? locale : 'en'),
    }),
  );
  if (failure) {
    if (!failure.navigating) await errorDialog(failure.code);
    return false;
  }
  return true;
}
