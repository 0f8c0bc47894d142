/**
 * The first step of a self-service operation (spec §4): the player types the
 * account's email (or legacy ID), or for find email the phone number; a
 * session is opened with the captcha and the account looked up; the answer's
 * primary method says which code screen follows. The answer is the same for
 * an existing and a missing account (the code goes to the owner only).
 */
import { useState, type SubmitEvent } from 'react';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { isAppMode } from '../../client/navigation/page';
import { createT, type Strings } from '../../client/t';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { canKeepFlow, codeRoute, handleFlowError, writeFlow, type Operation } from './flow';
import type { ResetVariant } from './reset-variants';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import { useSubmit } from '../shared/use-submit';

export interface StartFormProps {
  strings: Strings;
  operation: Operation;
  /** The set-password dialog's entry (20126, NEED_TO_SET_PASSWORD): the same flow, other words. */
  setup?: boolean;
  /** A reset started on a global screen (./reset-variants.ts): kept in the flow for its later steps. */
  variant?: ResetVariant | undefined;
}

/** The submit's captcha and calls: loaded with the action path at idle (../shared/warm-path). */
const captchaCode = onDemandModule(() => import('../../client/captcha/loader'));
const selfServiceCalls = onDemandModule(() => import('../../client/api/self-service'));

const PHONE = /^\+[1-9]\d{6,14}$/;

export function StartForm({ strings, operation, setup = false, variant }: StartFormProps) {
  const t = createT(strings);
  const byPhone = operation === 'findEmail';
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const error = useErrorText(strings, code);
  const warm = useWarmPath(captchaCode, selfServiceCalls);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    const ok = byPhone ? PHONE.test(typed.replace(/[\s()-]/g, '')) : typed.length > 0;
    setInvalid(!ok);
    if (!ok || busy) return;
    await submit.run(() => start(typed));
  }

  async function start(typed: string) {
    // The next screens read the flow from the tab's storage: refused (cookies and site data blocked), nothing starts.
    if (!canKeepFlow()) {
      setCode('COOKIES_OFF');
      return;
    }
    const [{ getCaptchaToken }, { createSelfServiceSession, getSelfServiceAuthTypes }] = await Promise.all([
      captchaCode(),
      selfServiceCalls(),
    ]);
    // Spec §9 self-service actions (client/captcha/actions.ts selfResetAction), as the contract's narrower type.
    const action = isAppMode() ? ('launcher_self_reset_password' as const) : ('web_self_reset_password' as const);
    let captcha: Awaited<ReturnType<typeof getCaptchaToken>>;
    try {
      captcha = await getCaptchaToken(action);
    } catch {
      setCode('captcha');
      return;
    }
    const [failure, session] = await settle(
      createSelfServiceSession({
        captchaToken: captcha.token,
        captchaVersion: captcha.version,
        operationType: operation,
        captchaAction: action,
      }),
    );
    if (failure) {
      setCode(await handleFlowError(failure));
      return;
    }
    const searchBy = byPhone ? 'phone' : typed.includes('@') ? 'email' : 'id';
    const entered = byPhone ? typed.replace(/[\s()-]/g, '') : typed;
    const [lookupFailure, types] = await settle(
      getSelfServiceAuthTypes(searchBy, {
        serialNumber: session.serialNumber,
        value: entered,
        ...(setup ? { isSetupPassword: true, captchaAction: action } : {}),
      }),
    );
    if (lookupFailure) {
      setCode(await handleFlowError(lookupFailure));
      return;
    }
    const kept = writeFlow({
      serialNumber: session.serialNumber,
      operationType: operation,
      searchBy,
      value: entered,
      authTypes: types.authTypes,
      primaryAuthType: types.primaryAuthType,
      phoneNo: types.phoneNo,
      ...(variant === undefined ? {} : { variant }),
    });
    if (!kept) {
      setCode('COOKIES_OFF');
      return;
    }
    // The page is leaving: the button stays busy.
    submit.stayBusy();
    navigate(
      codeRoute(types.primaryAuthType, { operation, authTypes: types.authTypes }),
      setup ? { query: { isSetupPassword: 'true' } } : {},
    );
  }

  const field = byPhone ? 'selfService.start.phone' : 'selfService.start.email';
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={warm} onInput={warm}>
      <h1>
        {t(
          operation === 'findEmail'
            ? 'selfService.start.findHeading'
            : operation === 'changeId'
              ? 'selfService.start.changeHeading'
              : setup
                ? 'selfService.start.setupHeading'
                : 'selfService.start.resetHeading',
        )}
      </h1>
      <p>{t(operation === 'findEmail' ? 'selfService.start.findIntro' : 'selfService.start.resetIntro')}</p>
      <FormError message={error?.message} />
      <TextField
        label={t(`${field}.label`)}
        name={byPhone ? 'phone' : 'email'}
        type={byPhone ? 'tel' : 'text'}
        autoComplete={byPhone ? 'tel' : 'username'}
        hint={byPhone ? t('selfService.start.phone.hint') : undefined}
        value={value}
        onValueChange={setValue}
        error={invalid ? t(`${field}.invalid`) : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('selfService.start.sending')}>
        {t('selfService.start.submit')}
      </SubmitButton>
    </form>
  );
}
