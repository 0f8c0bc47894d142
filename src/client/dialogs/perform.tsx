/**
 * Carries out what an error handler decided (src/client/errors: pure
 * functions returning an ErrorDescriptor): navigation, leaving for an
 * allow-listed URL, the generic dialogs, the captcha switch. Flow dialogs
 * (trusted-device verification, legacy email, terms…) are supplied by the
 * flow that can handle them; without one, the code's error dialog is shown.
 * Outcomes only the caller can act on are returned.
 */
import type { ErrorDescriptor, HandlerDialog } from '../errors/descriptor';
import { logout } from '../../shared/contract/session';
import { modalKey, resolveErrorText } from '../../shared/errors/catalogue';
import { call } from '../http/client';
import { track } from '../host/analytics';
import { hostLogout, isAppMode } from '../host/launcher-bridge';
import { goTo, navigate } from '../navigation/browser';
import { $captcha } from '../stores/captcha';
import { NOTICE_QUERY_KEY } from '../navigation/query';
import { keyOr } from '../t';
import { banDialog, confirmDialog, errorDialog, loginFailedDialog, openDialog } from './queue';
import * as routes from '../../routes/refs';

export { NOTICE_QUERY_KEY } from '../navigation/query';

export type FlowDialogKind = HandlerDialog['dialog'];
/** The handler dialog of one kind (an intersection, so members that list several kinds narrow too). */
export type FlowDialogOf<K extends FlowDialogKind> = HandlerDialog & { readonly dialog: K };
export type FlowDialogHandlers = {
  readonly [K in FlowDialogKind]?: (dialog: FlowDialogOf<K>) => Promise<unknown>;
};

export type PerformResult =
  | { readonly kind: 'done' }
  /** Navigation started and the handler asked the caller to reject too. */
  | { readonly kind: 'rethrow' }
  | Extract<ErrorDescriptor, { kind: 'success' | 'ignore' | 'parental-not-set' | 'form-error' | 'reject' }>;

const done: PerformResult = { kind: 'done' };

/** The different-region dialog (20074): the code's text with a Log out button that signs out and goes to login. */
async function logoutDialog(code: string): Promise<void> {
  const confirmed = await openDialog<boolean>({
    kind: 'custom',
    cancelResult: false,
    render: ({ t, has, titleId, descriptionId, close }) => {
      const text = resolveErrorText(code, has, { launcher: isAppMode() });
      const buttonKey = modalKey(code, 'button');
      return (
        <>
          <h2 id={titleId}>{t(text.titleKey)}</h2>
          <p id={descriptionId}>{t(text.messageKey, text.messageVars)}</p>
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => close(false)}>
              {t('dialog.cancel')}
            </button>
            <button type="button" className="button primary" data-autofocus onClick={() => close(true)}>
              {t(keyOr(has, buttonKey, 'dialog.ok'))}
            </button>
          </div>
        </>
      );
    },
  });
  if (!confirmed) return;
  await call(logout, { body: {} }).catch(() => undefined);
  hostLogout();
  navigate(routes.login, { replace: true });
}

/**
 * NEED_TO_SET_PASSWORD (spec §8, "opens a create-password modal"): the code's text, and its button opens the
 * password creation of the account (setting/password/create), which comes back here when done. A screen with a
 * flow of its own for it passes a handler instead.
 */
async function createPasswordDialog(code: string): Promise<void> {
  const confirmed = await confirmDialog({ code, confirmKey: 'error.modal.NEED_TO_SET_PASSWORD.button' });
  if (!confirmed) return;
  const back = `${location.pathname}${location.search}`;
  navigate(routes.settingPassword, { params: { type: 'create' }, query: { return_url: back } });
}

async function performDialog(d: HandlerDialog, flows: FlowDialogHandlers): Promise<void> {
  const own = flows[d.dialog] as ((dialog: HandlerDialog) => Promise<unknown>) | undefined;
  if (d.dialog === 'create-password' && own === undefined) {
    await createPasswordDialog(d.code);
    return;
  }
  switch (d.dialog) {
    case 'portal-ban':
      // Spec §8 (20100): an analytics event, then the ban dialog.
      track({ event: 'account_blocked', reason: d.reason ?? null });
      await banDialog(d.reason);
      return;
    case 'login-failed':
      await loginFailedDialog(d.code);
      return;
    case 'logout':
      await logoutDialog(d.code);
      return;
    default: {
      const handler = flows[d.dialog] as ((dialog: HandlerDialog) => Promise<unknown>) | undefined;
      if (handler) {
        await handler(d);
        return;
      }
      await errorDialog('code' in d ? d.code : undefined);
    }
  }
}

export async function performErrorAction(
  descriptor: ErrorDescriptor,
  flows: FlowDialogHandlers = {},
): Promise<PerformResult> {
  switch (descriptor.kind) {
    case 'navigate': {
      const { target, notice } = descriptor;
      const query = notice === undefined ? target.query : { ...target.query, [NOTICE_QUERY_KEY]: notice };
      navigate(target.route, { ...target, ...(query === undefined ? {} : { query }) });
      return descriptor.rethrow ? { kind: 'rethrow' } : done;
    }
    case 'external':
      goTo(descriptor.url);
      return done;
    case 'dialog':
      await performDialog(descriptor, flows);
      return done;
    case 'error-dialog':
      await errorDialog(descriptor.code);
      return done;
    case 'show-captcha':
      $captcha.setKey('showCaptcha', true);
      return done;
    default:
      return descriptor;
  }
}
