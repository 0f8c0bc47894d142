/**
 * After a security change (password, email, phone, two-factor), tell the
 * player about their other sessions — the reusable step of issue 12 "offer to
 * sign out the other sessions". Load it on demand, after the change succeeded:
 *
 *   const { offerSignOutOthers } = await import('../../shared/sign-out-others');
 *   await offerSignOutOthers({ locale });                    // email, phone, 2FA: offers it
 *   await offerSignOutOthers({ locale, endedSessions: n });  // password: the API already signed them out
 *
 * With `endedSessions` it only says what happened (a password change always
 * ends the other sessions and removes trusted devices). Otherwise it looks the
 * sessions up and, when there are others, asks; on yes it signs them out and
 * says how many. It never throws: a failed look-up or sign-out leaves things
 * as they are and shows the error. The screen that calls it must list the
 * `settings.signOutOthers` namespace in its `ns` (the dialogs' texts).
 */
import { listSessions, revokeOtherSessions } from '../../client/api/account-security';
import { confirmDialog, errorDialog, openDialog } from '../../client/dialogs/queue';
import { settle } from '../../client/http/settle';
import { serverLocaleCode, type Locale } from '../../i18n/locales';

export interface SignOutOthersOptions {
  readonly locale: Locale;
  /** The change already ended this many other sessions (password): only say so. */
  readonly endedSessions?: number;
}

/** Resolves with the number of other sessions signed out (0 when none, declined or failed). */
export async function offerSignOutOthers(options: SignOutOthersOptions): Promise<number> {
  if (options.endedSessions !== undefined) {
    await openDialog({
      kind: 'success',
      titleKey: 'settings.signOutOthers.doneTitle',
      messageKey: 'settings.signOutOthers.passwordBody',
      messageVars: { count: options.endedSessions },
    });
    return options.endedSessions;
  }
  const [listError, list] = await settle(listSessions());
  if (listError) return 0;
  const others = list.sessions.filter((s) => !s.current).length;
  if (others === 0) return 0;
  const yes = await confirmDialog({
    titleKey: 'settings.signOutOthers.offerTitle',
    messageKey: 'settings.signOutOthers.offerBody',
    messageVars: { count: others },
    confirmKey: 'settings.signOutOthers.offerConfirm',
    cancelKey: 'settings.signOutOthers.offerDecline',
  });
  if (!yes) return 0;
  const [error, result] = await settle(revokeOtherSessions({ language: serverLocaleCode(options.locale) }));
  if (error) {
    if (!error.navigating) await errorDialog(error.code);
    return 0;
  }
  await openDialog({
    kind: 'success',
    titleKey: 'settings.signOutOthers.doneTitle',
    messageKey: 'settings.signOutOthers.doneBody',
    messageVars: { count: result.endedSessions },
  });
  return result.endedSessions;
}
