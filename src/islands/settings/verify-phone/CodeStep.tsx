/**
 * verify-phone's second step: the texted code, phone recovery for a first
 * number, resend and "use another number". Its own module, loaded once a
 * code was sent (not with the page).
 */
import type { T } from '../../../client/t';
import { Checkbox } from '../../shared/Checkbox';
import { CodeInput } from '../../shared/CodeInput';
import { SubmitButton } from '../../shared/SubmitButton';

export interface CodeStepProps {
  t: T;
  phoneNo: string;
  /** The code field's label (given by the island, whose screen names its namespace). */
  codeLabel: string;
  code: string;
  onCode: (code: string) => void;
  codeError: string | undefined;
  /** The account has no phone yet: offer phone recovery with the first number. */
  offerReset: boolean;
  resetEnabled: boolean;
  onResetEnabled: (on: boolean) => void;
  busy: boolean;
  onResend: () => void;
  onOtherNumber: () => void;
}

export default function CodeStep(props: CodeStepProps) {
  const { t } = props;
  return (
    <>
      <p>{t('mfa.sms.codeSent', { phone: props.phoneNo })}</p>
      <CodeInput label={props.codeLabel} value={props.code} onValueChange={props.onCode} error={props.codeError} />
      {props.offerReset && (
        <Checkbox
          label={t('settings.verifyPhone.resetLabel')}
          hint={t('settings.verifyPhone.resetHint')}
          checked={props.resetEnabled}
          onCheckedChange={props.onResetEnabled}
        />
      )}
      <SubmitButton busy={props.busy} busyLabel={t('mfa.common.working')}>
        {t('settings.verifyPhone.verify')}
      </SubmitButton>
      <div className="actions">
        <button type="button" className="button link" onClick={props.onResend}>
          {t('mfa.sms.resend')}
        </button>
        <button type="button" className="button link" onClick={props.onOtherNumber}>
          {t('settings.verifyPhone.otherNumber')}
        </button>
      </div>
    </>
  );
}
