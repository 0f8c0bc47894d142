/**
 * create-tpa (spec §2; issue 15 "sign-up through a provider keeps the age check and terms"): a provider identity
 * no account has. The age check (country, date of birth, as on create), the terms and the newsletter choice go
 * to tpaSignupProfile; a minor cannot sign up this way and is told so. Then, with an email the provider shared
 * and verified, the account is created and signed in (tpaSignup); without one (query needsEmail) the player
 * types an email, a code is sent to it, and create/verify/code-tpa finishes.
 */
import region from '@region';
import { useReducer, useState, type SubmitEvent } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { birthdayProblem } from '../../shared/validation/birthday';
import { BirthdayFields } from '../shared/BirthdayFields';
import { Checkbox } from '../shared/Checkbox';
import { CountrySelect } from '../shared/CountrySelect';
import { birthdayIso, EMPTY_BIRTHDAY, type BirthdayValue, type DateFormatInfo } from '../shared/date-parts';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useCountries } from '../shared/use-countries';
import { usePageQuery } from '../shared/use-page-query';
import type { TpaOutcome } from './finish-tpa';
import { isSocialProvider, PROVIDER_NAMES, type SocialProvider } from './providers';
import { looksLikeEmail } from './email-check';
import { onDemandModule, useWarmPath } from '../shared/warm-path';

export interface CreateTpaIslandProps {
  strings: Strings;
  locale: Locale;
  dateFormat: DateFormatInfo;
  maxYear: number;
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
  /**
   * A console's sign-up (../platform/PlatformSocialSignup.tsx) brings its own calls, provider and email need;
   * the create-tpa page reads the provider and needsEmail from its query and uses ./create-tpa-submit.ts.
   */
  calls?: (() => Promise<CreateTpaCalls>) | undefined;
  provider?: SocialProvider | undefined;
  needsEmail?: boolean | undefined;
}

/** What the island's steps call: the age check (and the account), and the code to a typed email. */
export type CreateTpaCalls = Pick<typeof import('./create-tpa-submit'), 'submitProfile' | 'submitEmail'>;

/** The calls load with the first submit (./create-tpa-submit.ts), not with the page. */
const webCalls = onDemandModule(() => import('./create-tpa-submit'));

export interface ProfileFields {
  readonly countryCode: string;
  readonly birthday: BirthdayValue;
  readonly newsletter: boolean;
  readonly terms: boolean;
}

export type CreateTpaState = {
  readonly step: 'profile' | 'email' | 'minor' | 'leaving';
  readonly fields: ProfileFields;
  readonly email: string;
  readonly showErrors: boolean;
  readonly busy: boolean;
  readonly formCode: string | undefined;
};

export type CreateTpaEvent =
  | { readonly type: 'edit'; readonly fields: Partial<ProfileFields> }
  | { readonly type: 'editEmail'; readonly email: string }
  | { readonly type: 'invalid' }
  | { readonly type: 'busy' }
  | { readonly type: 'minor' }
  | { readonly type: 'ask-email' }
  | { readonly type: 'outcome'; readonly outcome: TpaOutcome };

export const initialCreateTpaState: CreateTpaState = {
  step: 'profile',
  fields: { countryCode: '', birthday: EMPTY_BIRTHDAY, newsletter: false, terms: false },
  email: '',
  showErrors: false,
  busy: false,
  formCode: undefined,
};

export function createTpaReducer(state: CreateTpaState, event: CreateTpaEvent): CreateTpaState {
  switch (event.type) {
    case 'edit':
      return { ...state, fields: { ...state.fields, ...event.fields } };
    case 'editEmail':
      return { ...state, email: event.email };
    case 'invalid':
      return { ...state, showErrors: true };
    case 'busy':
      return { ...state, busy: true, formCode: undefined };
    case 'minor':
      return { ...state, busy: false, showErrors: false, step: 'minor' };
    case 'ask-email':
      return { ...state, busy: false, showErrors: false, step: 'email' };
    case 'outcome':
      if (event.outcome.kind === 'leaving') return { ...state, step: 'leaving', busy: true };
      return { ...state, busy: false, formCode: event.outcome.kind === 'form-error' ? event.outcome.code : undefined };
  }
}

/** The age step's field problems (the same rules as create: a country, a real past date). */
export function profileProblems(fields: ProfileFields, now: number) {
  const iso = birthdayIso(fields.birthday) ?? '';
  return {
    countryCode: fields.countryCode === '' ? ('form.country.required' as const) : undefined,
    birthday: birthdayProblem(iso, now),
    terms: fields.terms ? undefined : ('createTpa.profile.termsRequired' as const),
  };
}

export function CreateTpaIsland(props: CreateTpaIslandProps) {
  const { strings, locale, dateFormat, maxYear, loginPath } = props;
  const submitCode = props.calls ?? webCalls;
  useWarmPath(submitCode);
  const t = createT(strings);
  const query = usePageQuery();
  const countries = useCountries(locale);
  const [state, dispatch] = useReducer(createTpaReducer, initialCreateTpaState);
  // Ages are checked as of the page's opening, in the fields and on submit alike: a render must not read the clock.
  const [today] = useState(() => Date.now());
  const errorText = useErrorText(strings, state.formCode);
  const providerParam = props.provider ?? query.get('provider') ?? undefined;
  const provider = isSocialProvider(providerParam, region.socialProviders) ? PROVIDER_NAMES[providerParam] : undefined;
  const needsEmail = props.needsEmail ?? query.get('needsEmail') === 'true';
  const problems = profileProblems(state.fields, today);
  const shown = (key: keyof typeof problems) => {
    const problem = problems[key];
    return state.showErrors && problem !== undefined ? t(problem) : undefined;
  };
  const emailProblem = state.showErrors && !looksLikeEmail(state.email) ? t('createTpa.email.invalid') : undefined;
  const terms = region.footerLinks.find((l) => l.key === 'terms')?.href;
  const privacy = region.footerLinks.find((l) => l.key === 'privacy')?.href;

  async function onProfile(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const birthday = birthdayIso(state.fields.birthday);
    if (Object.values(problems).some((p) => p !== undefined) || birthday === undefined) {
      dispatch({ type: 'invalid' });
      return;
    }
    dispatch({ type: 'busy' });
    const result = await (
      await submitCode()
    ).submitProfile(
      {
        countryCode: state.fields.countryCode,
        birthday,
        newsletter: state.fields.newsletter,
        needsEmail,
      },
      locale,
    );
    if (result.kind === 'minor' || result.kind === 'ask-email') dispatch({ type: result.kind });
    else dispatch({ type: 'outcome', outcome: result });
  }

  async function onEmail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const email = state.email.trim();
    if (!looksLikeEmail(email)) {
      dispatch({ type: 'invalid' });
      return;
    }
    dispatch({ type: 'busy' });
    const outcome = await (await submitCode()).submitEmail(email, providerParam, locale);
    dispatch({ type: 'outcome', outcome });
  }

  return (
    <section className="card" aria-labelledby="create-tpa-heading">
      <h1 id="create-tpa-heading">
        {provider === undefined ? t('createTpa.profile.headingAny') : t('createTpa.profile.heading', { provider })}
      </h1>
      <FormError message={errorText?.message} />
      {state.step === 'profile' && (
        <form method="post" noValidate onSubmit={(e) => void onProfile(e)}>
          <p className="muted">{t('createTpa.profile.intro')}</p>
          <CountrySelect
            t={t}
            label={t('createTpa.profile.country')}
            countries={countries.countries}
            loadFailed={countries.failed}
            onRetry={countries.retry}
            value={state.fields.countryCode}
            onValueChange={(countryCode) => dispatch({ type: 'edit', fields: { countryCode } })}
            error={shown('countryCode')}
          />
          <BirthdayFields
            t={t}
            legend={t('createTpa.profile.birthday')}
            format={dateFormat}
            maxYear={maxYear}
            value={state.fields.birthday}
            onValueChange={(birthday) => dispatch({ type: 'edit', fields: { birthday } })}
            error={shown('birthday')}
          />
          <Checkbox
            name="newsletter"
            label={t('createTpa.profile.newsletter')}
            checked={state.fields.newsletter}
            onCheckedChange={(newsletter) => dispatch({ type: 'edit', fields: { newsletter } })}
          />
          <Checkbox
            name="terms"
            label={t('createTpa.profile.terms')}
            checked={state.fields.terms}
            onCheckedChange={(checked) => dispatch({ type: 'edit', fields: { terms: checked } })}
            hint={shown('terms')}
          />
          <p className="legal muted">
            {terms !== undefined && (
              <a href={terms} target="_blank" rel="noopener">
                {t('footer.terms')}
              </a>
            )}{' '}
            {privacy !== undefined && (
              <a href={privacy} target="_blank" rel="noopener">
                {t('footer.privacy')}
              </a>
            )}
          </p>
          <SubmitButton busy={state.busy} busyLabel={t('createTpa.profile.saving')}>
            {t('createTpa.profile.submit')}
          </SubmitButton>
        </form>
      )}
      {state.step === 'email' && (
        <form method="post" noValidate onSubmit={(e) => void onEmail(e)}>
          <p>{t('createTpa.email.intro', { provider: provider ?? '' })}</p>
          <TextField
            label={t('createTpa.email.label')}
            name="email"
            type="email"
            autoComplete="email"
            value={state.email}
            onValueChange={(email) => dispatch({ type: 'editEmail', email })}
            error={emailProblem}
          />
          <SubmitButton busy={state.busy} busyLabel={t('createTpa.email.sending')}>
            {t('createTpa.email.submit')}
          </SubmitButton>
        </form>
      )}
      {state.step === 'minor' && (
        <>
          <p role="alert">{t('createTpa.profile.minor')}</p>
          <p>
            <a className="button primary" href={loginPath}>
              {t('createTpa.common.back')}
            </a>
          </p>
        </>
      )}
      {state.step === 'leaving' && (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('createTpa.common.working')}
        </p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
