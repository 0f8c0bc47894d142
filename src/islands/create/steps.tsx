/**
 * The first form step of account creation (age), and what every step shares;
 * presentational only: values and errors come from the island, every change
 * is an event for the reducer. The later steps are ./later-steps.tsx, loaded
 * with the first focus (page budget).
 */
import { lazy, Suspense, type Ref } from 'react';
import type { T } from '../../client/t';
import type { CountryEntry } from '../../shared/contract/countries';
import { BirthdayFields } from '../shared/BirthdayFields';
import { CountrySelect } from '../shared/CountrySelect';
import type { BirthdayValue, DateFormatInfo } from '../shared/date-parts';
import { SubmitButton } from '../shared/SubmitButton';
import type { CreateEvent } from './create-reducer';

// The v2 widget only when the API asks for it (20072): its loader is not part of the form's start-up.
const CaptchaV2 = lazy(() => import('../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));

export type Dispatch = (event: CreateEvent) => void;

export interface StepProps {
  t: T;
  dispatch: Dispatch;
  busy: boolean;
  /** Field errors, shown after the first submit. */
  errors: Readonly<Record<string, string | undefined>>;
  /** The first field, focused when an invalid submit is refused. */
  firstRef?: Ref<HTMLInputElement>;
}

export function Back({ t, dispatch, busy }: Pick<StepProps, 't' | 'dispatch' | 'busy'>) {
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={() => {
        dispatch({ type: 'back' });
      }}
    >
      {t('create.back')}
    </button>
  );
}

export interface AgeStepProps extends StepProps {
  countries: readonly CountryEntry[] | null;
  countriesFailed: boolean;
  retryCountries: () => void;
  countryCode: string;
  birthday: BirthdayValue;
  dateFormat: DateFormatInfo;
  maxYear: number;
  showCaptcha: boolean;
}

export function AgeStep(p: AgeStepProps) {
  return (
    <>
      <p className="muted">{p.t('create.age.intro')}</p>
      <CountrySelect
        t={p.t}
        label={p.t('create.age.country')}
        countries={p.countries}
        loadFailed={p.countriesFailed}
        onRetry={p.retryCountries}
        value={p.countryCode}
        onValueChange={(value) => {
          p.dispatch({ type: 'edit', field: 'countryCode', value });
        }}
        error={p.errors['countryCode']}
      />
      <BirthdayFields
        t={p.t}
        legend={p.t('create.age.birthday')}
        format={p.dateFormat}
        maxYear={p.maxYear}
        value={p.birthday}
        onValueChange={(value) => {
          p.dispatch({ type: 'editBirthday', value });
        }}
        error={p.errors['birthday']}
      />
      {p.showCaptcha && (
        <Suspense fallback={null}>
          <CaptchaV2 label={p.t('form.captcha.label')} error={p.errors['captcha']} />
        </Suspense>
      )}
      <SubmitButton busy={p.busy} busyLabel={p.t('create.checking')}>
        {p.t('create.age.submit')}
      </SubmitButton>
    </>
  );
}
