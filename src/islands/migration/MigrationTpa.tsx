/**
 * login/migration-tpa (spec §2, §3 migration state; docs/legacy.md "Through a third-party sign-in"): a player
 * signed in with a provider to an account that still uses an ID of the old system (login/tpa or the social-link
 * proof answered 20211 or 20184). The provider sign-in proves the account is theirs, so no password is asked:
 *
 *   migration state ─► "use {email}" (the legacy email, or the provider's proven email) ─► migrate
 *                   └─► another email (no usable one) ─► code emailed to it ─► migrate {email, code}
 *
 * then login/migration-complete finishes the sign-in the migration started. The email and code steps are
 * create-legacy's (./NewIdCode.tsx). The server checks everything again; the third-party session is its proof.
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { getTpaMigration } from '../../client/api/migration';
import { routeHref } from '../../client/navigation/href';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import type { TpaMigrationState } from '../../shared/contract/migration';
import { checkEmail } from '../../shared/validation/email-format';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { usePageQuery } from '../shared/use-page-query';
import { PROVIDER_NAMES } from '../social/providers';
import { useSubmit } from '../shared/use-submit';
import { useLoaded } from '../shared/use-loaded';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import * as routes from '../../routes/refs';

// The new ID's code step and its code request (./NewIdCode), the details' next screen: not with the page
// (docs/screens.md budget) but at idle after hydration (issue 25 §1), so the send's click and answer wait on no code.
// The migrate call loads when the player gets to it.
const newIdCode = onDemandModule(() => import('./NewIdCode'));
const NewIdCodeStep = lazy(() => newIdCode().then((m) => ({ default: m.NewIdCodeStep })));
const sendNewIdCode = (address: string, locale: IslandProps['locale']) =>
  newIdCode().then((m) => m.sendNewIdCode(address, locale));

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly code: string }
  | { readonly kind: 'ready'; readonly state: TpaMigrationState };
type Step = 'offer' | 'email' | 'code';

export function MigrationTpa({ strings, locale }: IslandProps) {
  useWarmPath(newIdCode);
  const t = createT(strings);
  const query = usePageQuery();
  const loaded = useLoaded(() => getTpaMigration());
  // A failure whose handler navigates (the sign-in expired) stays loading while the page goes.
  const load: Load =
    loaded.status === 'ready'
      ? { kind: 'ready', state: loaded.data }
      : loaded.status === 'failed' && !loaded.error.navigating
        ? { kind: 'failed', code: loaded.error.code }
        : { kind: 'loading' };
  const [step, setStep] = useState<Step>('offer');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const { busy, run, stayBusy } = useSubmit();
  const [resent, setResent] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure ?? (load.kind === 'failed' ? load.code : undefined));
  const back = (
    <p className="links">
      <a href={routeHref(locale, { route: routes.login }, query)}>{t('migration.tpa.back')}</a>
    </p>
  );

  async function migrate(target: string, withCode?: string) {
    if (busy) return;
    setFailure(undefined);
    const refused = await run(async () => {
      const r = await import('./migrate-tpa-run')
        .then((m) => m.runMigrateTpa(target, withCode))
        .catch(() => 'NETWORK_ERROR');
      // null: the page is leaving, the button stays busy.
      if (r === null) stayBusy();
      return r;
    });
    if (refused === undefined || refused === null) return;
    // An address registered meanwhile is the email step's to change; a wrong code stays on the code step.
    if (refused === '20050') setStep('email');
    setFailure(refused);
  }

  async function onEmail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const checked = checkEmail(email);
    if ('error' in checked) {
      setFieldError(t(checked.error));
      return;
    }
    setFieldError(undefined);
    const sent = await run(async () => ({ refused: await sendNewIdCode(checked.email, locale) }));
    if (sent === undefined) return;
    const { refused } = sent;
    if (typeof refused === 'string') setFailure(refused);
    if (refused !== undefined) return;
    setEmail(checked.email);
    setCode('');
    setResent(false);
    setStep('code');
  }

  async function resend() {
    if (busy) return;
    setFailure(undefined);
    const sent = await run(async () => ({ refused: await sendNewIdCode(email, locale) }));
    if (sent === undefined) return;
    const { refused } = sent;
    if (typeof refused === 'string') setFailure(refused);
    setResent(refused === undefined);
  }

  async function onCode() {
    setFailure(undefined);
    const { CODE_LENGTH } = await import('../shared/CodeInput');
    if (code.length !== CODE_LENGTH) {
      setFieldError(t('error.input.verificationCode'));
      return;
    }
    setFieldError(undefined);
    void migrate(email, code);
  }

  if (load.kind !== 'ready')
    return (
      <section className="card" aria-labelledby="migration-tpa-heading" aria-busy={load.kind === 'loading'}>
        <h1 id="migration-tpa-heading">{t('migration.tpa.heading')}</h1>
        {load.kind === 'loading' ? (
          <p role="status">
            <span className="spinner small" aria-hidden="true" /> {t('migration.tpa.loading')}
          </p>
        ) : (
          <FormError message={error?.message} />
        )}
        {back}
      </section>
    );

  const { state } = load;
  const provider = PROVIDER_NAMES[state.provider];
  const offered = state.legacyEmail;

  if (step === 'code')
    return (
      <Suspense fallback={null}>
        <NewIdCodeStep
          t={t}
          email={email}
          code={code}
          onCodeChange={setCode}
          codeError={fieldError}
          failure={error?.message}
          busy={busy}
          resent={resent}
          onSubmit={() => void onCode()}
          onResend={() => void resend()}
          onBack={() => {
            setFailure(undefined);
            setFieldError(undefined);
            setStep('email');
          }}
        />
      </Suspense>
    );

  // Without an email to offer, the player chooses one (and proves it by code).
  if (step === 'email' || offered === null)
    return (
      <form method="post" className="card" noValidate onSubmit={(e) => void onEmail(e)}>
        <h1>{t('migration.tpa.heading')}</h1>
        <p>{t('migration.tpa.intro', { id: state.legacyLoginID, provider })}</p>
        <p>{t('migration.tpa.chooseEmail')}</p>
        <FormError message={error?.message} />
        <TextField
          label={t('createLegacy.emailLabel')}
          hint={t('createLegacy.emailHint')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={fieldError}
        />
        <SubmitButton busy={busy} busyLabel={t('createLegacy.sending')}>
          {t('createLegacy.sendCode')}
        </SubmitButton>
        {offered !== null && (
          <p className="links">
            <button
              type="button"
              className="button link"
              onClick={() => {
                setFailure(undefined);
                setFieldError(undefined);
                setStep('offer');
              }}
            >
              {t('migration.tpa.useOffered', { email: offered })}
            </button>
          </p>
        )}
        {back}
      </form>
    );

  return (
    <form
      method="post"
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void migrate(offered);
      }}
    >
      <h1>{t('migration.tpa.heading')}</h1>
      <p>{t('migration.tpa.intro', { id: state.legacyLoginID, provider })}</p>
      <p>{t('migration.tpa.offer', { email: offered })}</p>
      <p className="muted">{t('migration.complete.history')}</p>
      <FormError message={error?.message} />
      <SubmitButton busy={busy} busyLabel={t('migration.tpa.confirming')}>
        {t('migration.tpa.confirm', { email: offered })}
      </SubmitButton>
      {state.kind === 'id' && (
        <p className="links">
          <button
            type="button"
            className="button link"
            onClick={() => {
              setFailure(undefined);
              setStep('email');
            }}
          >
            {t('migration.tpa.other')}
          </button>
        </p>
      )}
      {back}
    </form>
  );
}
