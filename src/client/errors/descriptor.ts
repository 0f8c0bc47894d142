/**
 * What an error handler decides, as data. The handlers are pure functions
 * from (error, context) to one of these; the navigation and dialog layers
 * carry them out. That keeps every rule of spec §8 table-testable.
 */
import type { BanReason } from '../../shared/errors/codes';
import type { RouteTarget } from '../navigation/href';

/** The fields of an ApiError the handlers read. */
export interface HandledError {
  readonly code: string;
  readonly serverMessage: string;
  readonly endpointId?: string | undefined;
}

/** Dialogs the handlers open; flow dialogs come with their flows and receive these payloads. */
export type HandlerDialog =
  | { readonly dialog: 'trusted-device-verification'; readonly cancel: RouteTarget }
  | { readonly dialog: 'parental-verification'; readonly cancel: RouteTarget }
  | { readonly dialog: 'legacy-support'; readonly supportCode: string; readonly uid: string }
  | { readonly dialog: 'legacy-email'; readonly email: string }
  | { readonly dialog: 'portal-ban'; readonly reason: BanReason | undefined }
  | {
      readonly dialog:
        | 'reactivation-required'
        | 'password-reset-required'
        | 'login-failed'
        | 'set-password-confirm'
        | 'terms-reconsent'
        | 'minor-terms'
        | 'create-password'
        | 'logout';
      readonly code: string;
    };

export type ErrorDescriptor =
  /** Go to a named route; `notice` is a code whose text the target screen shows; `rethrow` rejects afterwards too. */
  | {
      readonly kind: 'navigate';
      readonly target: RouteTarget;
      readonly notice?: string;
      readonly rethrow?: true;
    }
  /** Leave the portal for an allow-listed URL. */
  | { readonly kind: 'external'; readonly url: string }
  | ({ readonly kind: 'dialog' } & HandlerDialog)
  /** Show the captcha (20072) and let the user retry. */
  | { readonly kind: 'show-captcha' }
  /** Treat the call as successful (20229 on the SMS-complete call). */
  | { readonly kind: 'success' }
  /** Do nothing (20002 on the family-member call). */
  | { readonly kind: 'ignore' }
  /** The family-member call failed otherwise: parental controls count as not set. */
  | { readonly kind: 'parental-not-set' }
  /** Show the generic error dialog for the code (title and message from resolveErrorText). */
  | { readonly kind: 'error-dialog'; readonly code: string }
  /** Show the code's text inline in the form (error.form.*), e.g. 20068. */
  | { readonly kind: 'form-error'; readonly code: string }
  /** Hand the error back to the caller (the main handler's "others": reject with errorCode and message). */
  | { readonly kind: 'reject'; readonly code: string; readonly message: string };
