/**
 * verify-phone's second step: the texted code, phone recovery for a first
 * number, resend and "use another number". Its own module, loaded once a
 * code was sent (not with the page). The step is the verify-code family's, with the recovery choice added.
 */
import type { T } from '../../../client/t';
import { Checkbox } from '../../shared/Checkbox';
import { VerifyCodeStep } from '../../shared/verify-code/VerifyCodeStep';

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
    <VerifyCodeStep
      config={{
        sentTo: t('mfa.sms.codeSent', { phone: props.phoneNo }),
        label: props.codeLabel,
        submitLabel: t('settings.verifyPhone.verify'),
        busyLabel: t('mfa.common.working'),
        resendLabel: t('mfa.sms.resend'),
        resend: props.onResend,
        other: { label: t('settings.verifyPhone.otherNumber'), onClick: props.onOtherNumber },
        actions: 'actions',
      }}
      code={props.code}
      onCode={props.onCode}
      codeError={props.codeError}
      busy={props.busy}
    >
      {props.offerReset && (
        <Checkbox
          label={t('settings.verifyPhone.resetLabel')}
          hint={t('settings.verifyPhone.resetHint')}
          checked={props.resetEnabled}
          onCheckedChange={props.onResetEnabled}
        />
      )}
    </VerifyCodeStep>
  );
}
