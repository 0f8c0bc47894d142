/**
 * Spec §8 "Other handled codes": what the sign-in, settings and parental
 * flows do with the codes they handle themselves. Pure, like the main
 * handler; codes without a special action open the error dialog
 * (`form-error` for codes whose text belongs in a form).
 */
import { errorAction, catalogueEntry } from '../../shared/errors/catalogue';
import { readBanReason, readLegacyEmail, readLegacySupport } from '../../shared/errors/payloads';
import type { ErrorDescriptor, HandledError } from './descriptor';

/** Contract endpoint ids with call-specific rules (tests check them against the contract). */
export const FAMILY_MEMBER_CALL = 'getFamilyMembers';
export const SMS_COMPLETE_CALL = 'completeVpcSms';

const errorDialog = (code: string): ErrorDescriptor => ({ kind: 'error-dialog', code });

export function otherCodeAction(error: HandledError): ErrorDescriptor {
  const { code, serverMessage, endpointId } = error;
  // The family-member call: a missing account (20002) is ignored; any other failure means parental is not set.
  if (endpointId === FAMILY_MEMBER_CALL) return code === '20002' ? { kind: 'ignore' } : { kind: 'parental-not-set' };
  switch (errorAction(code)) {
    case 'success-on-sms-complete':
      return endpointId === SMS_COMPLETE_CALL ? { kind: 'success' } : errorDialog(code);
    case 'legacy-support-dialog': {
      const payload = readLegacySupport(serverMessage);
      return payload
        ? { kind: 'dialog', dialog: 'legacy-support', supportCode: payload.code, uid: payload.uid }
        : errorDialog(code);
    }
    case 'legacy-email-dialog': {
      const payload = readLegacyEmail(serverMessage);
      return payload ? { kind: 'dialog', dialog: 'legacy-email', email: payload.email } : errorDialog(code);
    }
    case 'portal-ban-dialog':
      return { kind: 'dialog', dialog: 'portal-ban', reason: readBanReason(serverMessage) };
    case 'reactivation-required':
      return { kind: 'dialog', dialog: 'reactivation-required', code };
    case 'password-reset-required':
      return { kind: 'dialog', dialog: 'password-reset-required', code };
    case 'login-failed-dialog':
      return { kind: 'dialog', dialog: 'login-failed', code };
    case 'show-captcha':
      return { kind: 'show-captcha' };
    case 'set-password-confirm':
      return { kind: 'dialog', dialog: 'set-password-confirm', code };
    case 'terms-reconsent-dialog':
      return { kind: 'dialog', dialog: 'terms-reconsent', code };
    case 'minor-terms-dialog':
      return { kind: 'dialog', dialog: 'minor-terms', code };
    case 'create-password-dialog':
      return { kind: 'dialog', dialog: 'create-password', code };
    case 'logout-dialog':
      return { kind: 'dialog', dialog: 'logout', code };
    case 'invalid-code':
      return { kind: 'form-error', code };
    default:
      // Codes whose only text is a form message are shown in the form; the rest in the error dialog.
      return catalogueEntry(code)?.text?.form === true ? { kind: 'form-error', code } : errorDialog(code);
  }
}
