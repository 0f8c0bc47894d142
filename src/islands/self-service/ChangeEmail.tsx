/**
 * self-change-email (spec §2 param showNewEmailField, §4 changeId): without a
 * verified session it is the first step (the account's email or ID); with
 * one, the new email's field, then the code sent to the new address. 20063
 * (the last change was less than 7 days ago) goes to change-email/failed
 * (§8 self-service handler).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { currentQuery } from '../../client/navigation/page';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { readFlow } from './flow';
import type { StartForm as StartFormType } from './StartForm';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import { useSubmit } from '../shared/use-submit';

/** The flow's calls: loaded with the action path at idle (../shared/warm-path). */
const flowCalls = onDemandModule(() => import('./calls'));

export interface ChangeEmailProps {
  strings: Strings;
  locale: Locale;
}

type Mode =
  | { kind: 'loading' }
  | { kind: 'start'; Form: typeof StartFormType }
  | { kind: 'email'; serial: string }
  | { kind: 'code'; serial: string; email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ChangeEmail({ strings, locale }: ChangeEmailProps) {
  useWarmPath(flowCalls);
  const t = createT(strings);
  const [mode, setMode] = useState<Mode>({ kind: 'loading' });
  const [email, setEmail] = useState('');
  const [code, setCodeValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { busy, run } = useSubmit();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  useEffect(() => {
    const flow = readFlow();
    if (currentQuery().get('showNewEmailField') === 'true' && flow?.operationType === 'changeId')
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the tab's stored flow is read once mounted (the built HTML cannot know it)
      setMode({ kind: 'email', serial: flow.serialNumber });
    // The start form is loaded when needed, not with the page (page budget).
    else
      void import('./StartForm').then(({ StartForm }) => {
        setMode({ kind: 'start', Form: StartForm });
      });
  }, []);

  async function sendCode(serial: string, address: string): Promise<boolean> {
    const { sendNewIdCode } = await flowCalls();
    const result = await sendNewIdCode(serial, address, serverLocaleCode(locale));
    if ('code' in result) setFailure(result.code);
    return !('code' in result);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || (mode.kind !== 'email' && mode.kind !== 'code')) return;
    const ok = mode.kind === 'email' ? EMAIL.test(email.trim()) : code.length === 6;
    setInvalid(!ok);
    if (!ok) return;
    setFailure(undefined);
    const { serial } = mode;
    if (mode.kind === 'email') {
      const address = email.trim();
      await run(async () => {
        if (await sendCode(serial, address)) setMode({ kind: 'code', serial, email: address });
      });
      return;
    }
    await run(async () => {
      const { confirmNewId } = await flowCalls();
      setFailure(await confirmNewId(serial, code, serverLocaleCode(locale)));
    });
  }

  if (mode.kind === 'loading') return <section className="card" aria-busy="true" />;
  if (mode.kind === 'start') return <mode.Form strings={strings} operation="changeId" />;
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('selfService.change.heading')}</h1>
      <p>
        {mode.kind === 'email'
          ? t('selfService.change.intro')
          : t('selfService.change.codeIntro', { email: mode.email })}
      </p>
      <FormError message={error?.message} />
      {sent && (
        <p role="status" className="muted">
          {t('selfService.change.resent')}
        </p>
      )}
      {mode.kind === 'email' ? (
        <TextField
          label={t('selfService.change.newEmail')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={invalid ? t('selfService.change.emailInvalid') : undefined}
        />
      ) : (
        <TextField
          label={t('selfService.change.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={(raw) => {
            setCodeValue(raw.replace(/\D/g, '').slice(0, 6));
          }}
          error={invalid ? t('selfService.change.codeInvalid') : undefined}
        />
      )}
      <SubmitButton busy={busy} busyLabel={t('selfService.change.working')}>
        {t(mode.kind === 'email' ? 'selfService.change.send' : 'selfService.change.submit')}
      </SubmitButton>
      {mode.kind === 'code' && (
        <div className="actions stacked">
          <button
            type="button"
            className="button link"
            onClick={() => {
              setSent(false);
              void sendCode(mode.serial, mode.email).then(setSent);
            }}
          >
            {t('selfService.change.resend')}
          </button>
        </div>
      )}
    </form>
  );
}
