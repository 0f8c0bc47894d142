/**
 * The pieces of a move to a new email ID (docs/legacy.md): the sign-up email code sent to the address (its calls
 * never tell whether an address is registered) and the code step that takes it (the verify-code family's). create-legacy and
 * login/migration-tpa both use them, with the `createLegacy` strings.
 */
import type { SubmitEvent } from 'react';
import { requestSignupEmailCode } from '../../client/api/signup-email';
import { settle } from '../../client/http/settle';
import type { T } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { VerifyCodeStep } from '../shared/verify-code/VerifyCodeStep';

/** Sends the code to `address`: undefined when sent, else the refusal's code (null: the page is leaving). */
export async function sendNewIdCode(address: string, locale: Locale): Promise<string | null | undefined> {
  const [failed] = await settle(requestSignupEmailCode({ email: address, language: serverLocaleCode(locale) }));
  if (failed === undefined) return undefined;
  return failed.navigating ? null : failed.code;
}

export interface NewIdCodeStepProps {
  t: T;
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  /** The field's own message (a short code). */
  codeError: string | undefined;
  /** The call's refusal, already resolved to its text. */
  failure: string | undefined;
  busy: boolean;
  resent: boolean;
  onSubmit: () => void;
  onResend: () => void;
  onBack: () => void;
}

export function NewIdCodeStep(p: NewIdCodeStepProps) {
  const { t } = p;
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    p.onSubmit();
  }
  return (
    <form method="post" className="card" noValidate onSubmit={submit}>
      <h1>{t('createLegacy.codeHeading')}</h1>
      <VerifyCodeStep
        config={{
          sentTo: t('createLegacy.codeSent', { email: p.email }),
          label: t('createLegacy.codeLabel'),
          submitLabel: t('createLegacy.submit'),
          busyLabel: t('createLegacy.submitting'),
          resendLabel: t('createLegacy.resend'),
          resend: p.onResend,
          other: { label: t('createLegacy.back'), onClick: p.onBack },
          actions: 'links',
        }}
        code={p.code}
        onCode={p.onCodeChange}
        codeError={p.codeError}
        busy={p.busy}
        error={p.failure}
        status={p.resent ? t('createLegacy.resent') : ''}
      />
    </form>
  );
}
