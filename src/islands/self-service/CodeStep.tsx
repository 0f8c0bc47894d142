/**
 * The code screens of self-service (spec §2 verify-account, verify-code,
 * verify-sms): a code by email, from the authenticator (or a backup code), or
 * by SMS. Email and SMS codes are sent when the screen opens (once per
 * session and method; "Send a new code" resends, which never resets the
 * failure count). A right code either completes the session (then the
 * operation continues, §4) or names the second factor still needed.
 * Not the verify-code family's step: a 6/8-digit field, and two more files (918 B br) on this page (docs/screens.md).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { TextField } from '../shared/TextField';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { readFlow, type FlowState, type Method } from './flow';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

/** The flow's calls: loaded with the action path at idle (../shared/warm-path). */
const flowCalls = onDemandModule(() => import('./calls'));

export interface CodeStepProps {
  strings: Strings;
  locale: Locale;
  method: Method;
}

type Sent = 'idle' | 'sending' | 'sent';

export function CodeStep({ strings, locale, method }: CodeStepProps) {
  useWarmPath(flowCalls);
  const t = createT(strings);
  const [flow, setFlow] = useState<FlowState | null | undefined>(undefined);
  const [backup, setBackup] = useState(false);
  const [codeValue, setCodeValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = useSubmit();
  const { busy } = submit;
  const [sent, setSent] = useState<Sent>('idle');
  const { code, setCode } = submit;
  const error = useErrorText(strings, code);
  const started = useRef(false);
  const length = backup ? 8 : 6;

  async function send(state: FlowState) {
    if (method === 'TOTP') return;
    setSent('sending');
    const { sendFlowCode } = await flowCalls();
    const result = await sendFlowCode(method, state.serialNumber, serverLocaleCode(locale));
    if ('code' in result) {
      setSent('idle');
      setCode(result.code);
      return;
    }
    sessionStorage.setItem(`lf:selfService:sent:${method}`, state.serialNumber);
    setSent('sent');
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const state = readFlow() ?? null;
    setFlow(state);
    // Sent once per session and method: a reload does not send (and count) another code.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the tab's stored flow is read once mounted (the built HTML cannot know it)
    if (state && sessionStorage.getItem(`lf:selfService:sent:${method}`) !== state.serialNumber) void send(state);
    // Once, on mount: each send is counted by the server's limits, so it must not follow re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only by design (see the comment above)
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!flow || busy) return;
    const ok = codeValue.length === length;
    setInvalid(!ok);
    if (!ok) return;
    await submit.run(async () => {
      const { verifyFlowCode } = await flowCalls();
      const failure = await verifyFlowCode(flow, backup ? 'BACKUP_CODE' : method, codeValue);
      // Still here: show the code's text (a wrong or dead code…); on success the page is leaving.
      setCode(failure);
    });
  }

  if (flow === undefined) return <section className="card" aria-busy="true" />;
  if (flow === null)
    return (
      <section className="card">
        <h1>{t('selfService.code.expiredHeading')}</h1>
        <p>{t('selfService.code.expired')}</p>
        <a className="button primary block" href={hrefTo(routes.selfService)}>
          {t('selfService.code.restart')}
        </a>
      </section>
    );

  const heading = backup ? 'selfService.code.BACKUP.heading' : (`selfService.code.${method}.heading` as const);
  const body = backup ? 'selfService.code.BACKUP.body' : (`selfService.code.${method}.body` as const);
  const where = method === 'SMS' ? (flow.phoneNo ?? '') : flow.searchBy === 'email' ? flow.value : '';
  const others = flow.authTypes.filter((m) => m !== method);
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t(heading)}</h1>
      <p>{t(body, { to: where })}</p>
      <FormError message={error?.message} />
      {sent === 'sent' && (
        <p role="status" className="muted">
          {t('selfService.code.sent')}
        </p>
      )}
      <TextField
        key={length}
        label={t(backup ? 'selfService.code.backupLabel' : 'selfService.code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={length}
        value={codeValue}
        onValueChange={(raw) => {
          // Digits only, as typed or pasted (the shared CodeInput's rule, without its extra file on this page).
          setCodeValue(raw.replace(/\D/g, '').slice(0, length));
        }}
        error={invalid ? t(backup ? 'selfService.code.backupInvalid' : 'selfService.code.invalid') : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('selfService.code.checking')}>
        {t('selfService.code.submit')}
      </SubmitButton>
      <div className="actions stacked">
        {method !== 'TOTP' && (
          <button type="button" className="button link" disabled={sent === 'sending'} onClick={() => void send(flow)}>
            {t('selfService.code.resend')}
          </button>
        )}
        {method === 'TOTP' && (
          <>
            <button
              type="button"
              className="button link"
              onClick={() => {
                setBackup((b) => !b);
                setCodeValue('');
                setInvalid(false);
              }}
            >
              {t(backup ? 'selfService.code.useAuthenticator' : 'selfService.code.useBackup')}
            </button>
            <a href={hrefTo(routes.selfNoAccessToAuthenticator)}>{t('selfService.code.noAccess')}</a>
          </>
        )}
        {method !== 'EMAIL' && others.length > 0 && (
          <a href={hrefTo(routes.selfAuthTypes)}>{t('selfService.code.otherWay')}</a>
        )}
      </div>
    </form>
  );
}
