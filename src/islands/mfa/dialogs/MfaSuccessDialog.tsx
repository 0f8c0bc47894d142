/** The MFA success dialog (spec §2): the method is on; it offers to get backup codes now. */
import type { CustomDialogApi } from '../../../client/dialogs/queue';
import type { MessageKey, T } from '../../../client/t';
import { DialogAnswers } from '../../shared/DialogAnswers';

export interface MfaSuccessDialogProps {
  t: T;
  api: CustomDialogApi<boolean>;
  /** i18n key of the method's name. */
  methodKey: MessageKey;
}

/** Resolves true when the player wants backup codes. */
export function MfaSuccessDialog({ t, api, methodKey }: MfaSuccessDialogProps) {
  return (
    <>
      <h2 id={api.titleId}>{t('mfa.success.title')}</h2>
      <div id={api.descriptionId}>
        <p>{t('mfa.success.body', { method: t(methodKey) })}</p>
        <p>{t('mfa.success.backupOffer')}</p>
      </div>
      <DialogAnswers api={api} noLabel={t('mfa.success.later')} yesLabel={t('mfa.success.getCodes')} />
    </>
  );
}
