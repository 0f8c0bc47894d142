/**
 * global/activate (spec §1, §4 "Console activation code", §9; issue 16; docs/console-activation.md): the signed-in
 * player types the code the console shows (or arrives with it from the console's QR code, ?user_code=), sees which
 * console app asks, and approves or denies. A wrong code, an expired one (the console can show a new one) and the
 * 24-hour block after repeated wrong codes each get their own text.
 */
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { decideActivation, inspectActivation } from '../../client/api/oidc';
import { settle } from '../../client/http/settle';
import { currentQuery } from '../../client/navigation/page';
import { createT, type T } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { isCodeShape, normaliseCode } from './user-code';
import { useSubmit } from '../shared/use-submit';

type Scope = 'openid' | 'profile' | 'email';
type Step =
  | { kind: 'enter' }
  | { kind: 'confirm'; code: string; client: { name: string; site: string }; scopes: Scope[] }
  | { kind: 'done'; approved: boolean };

/** The codes this screen explains in its own words; any other goes through the §8 texts. */
const OWN_TEXT = {
  '20013': 'activate.errors.wrong',
  '20018': 'activate.errors.expired',
  '20157': 'activate.errors.blocked',
} as const;

const SCOPE_KEYS = {
  openid: 'activate.scope.openid',
  profile: 'activate.scope.profile',
  email: 'activate.scope.email',
} as const;

export function ActivateIsland({ strings }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [step, setStep] = useState<Step>({ kind: 'enter' });
  const field = useRef<HTMLInputElement>(null);
  const general = useErrorText(strings, code !== undefined && !(code in OWN_TEXT) ? code : undefined);
  const message =
    code === undefined ? undefined : code in OWN_TEXT ? t(OWN_TEXT[code as keyof typeof OWN_TEXT]) : general?.message;

  async function lookUp(value: string) {
    const normalised = normaliseCode(value);
    setCode(undefined);
    if (normalised.length === 0 || !isCodeShape(normalised)) {
      setFieldError(t(normalised.length === 0 ? 'activate.code.required' : 'activate.code.invalid'));
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    // A refusal's code is shown as it comes (the hook's default).
    const found = await submit.run(() => inspectActivation({ userCode: normalised }));
    if (found !== undefined) setStep({ kind: 'confirm', code: normalised, client: found.client, scopes: found.scopes });
  }

  async function decide(approve: boolean, userCode: string) {
    const settled = await submit.run(() => settle(decideActivation({ userCode, approve })));
    if (settled === undefined) return;
    const [error] = settled;
    if (error) {
      setCode(error.code);
      setStep({ kind: 'enter' });
    } else setStep({ kind: 'done', approved: approve });
  }

  // Arriving from the console's QR code: the code is in the URL, so look it up at once.
  useEffect(() => {
    const fromQr = currentQuery().get('user_code') ?? '';
    if (fromQr === '') return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the page's query is read once mounted (the built HTML has none), and the screen follows it
    setTyped(fromQr);
    void lookUp(fromQr);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the page was opened with
  }, []);

  if (step.kind === 'done')
    return (
      <section className="card" aria-labelledby="activate-heading">
        <h1 id="activate-heading">
          {t(step.approved ? 'activate.done.approvedHeading' : 'activate.done.deniedHeading')}
        </h1>
        <p role="status">{t(step.approved ? 'activate.done.approved' : 'activate.done.denied')}</p>
      </section>
    );

  if (step.kind === 'confirm')
    return <Confirm t={t} step={step} busy={busy} onDecide={(a) => void decide(a, step.code)} />;

  return (
    <form
      className="card"
      aria-labelledby="activate-heading"
      noValidate
      onSubmit={(e: SubmitEvent<HTMLFormElement>) => {
        e.preventDefault();
        void lookUp(typed);
      }}
    >
      <h1 id="activate-heading">{t('activate.heading')}</h1>
      <p>{t('activate.intro')}</p>
      <FormError message={message} />
      <TextField
        ref={field}
        label={t('activate.code.label')}
        hint={t('activate.code.hint')}
        name="user_code"
        value={typed}
        onValueChange={setTyped}
        error={fieldError}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
      />
      <SubmitButton busy={busy} busyLabel={t('activate.checking')}>
        {t('activate.submit')}
      </SubmitButton>
    </form>
  );
}

function Confirm({
  t,
  step,
  busy,
  onDecide,
}: {
  t: T;
  step: Extract<Step, { kind: 'confirm' }>;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  return (
    <section className="card" aria-labelledby="activate-heading">
      <h1 id="activate-heading">{t('activate.confirm.heading', { client: step.client.name })}</h1>
      <p>{t('activate.confirm.intro', { client: step.client.name, site: step.client.site })}</p>
      <h2 id="activate-scopes">{t('activate.confirm.scopes')}</h2>
      <ul aria-labelledby="activate-scopes">
        {step.scopes.map((s) => (
          <li key={s}>{t(SCOPE_KEYS[s])}</li>
        ))}
      </ul>
      <p>
        <button
          type="button"
          className="button primary block"
          aria-disabled={busy ? true : undefined}
          onClick={() => !busy && onDecide(true)}
        >
          {t('activate.confirm.approve')}
        </button>
      </p>
      <p>
        <button
          type="button"
          className="button block"
          aria-disabled={busy ? true : undefined}
          onClick={() => !busy && onDecide(false)}
        >
          {t('activate.confirm.deny')}
        </button>
      </p>
    </section>
  );
}
