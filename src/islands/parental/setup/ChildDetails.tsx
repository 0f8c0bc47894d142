/**
 * The add-child form's details step (the create form's fields): the parent's country shown fixed, the child's
 * email and birth date, the password with the strength meter and the live rules (spec §5), its confirmation and
 * the terms. Its own module, loaded by the island when it renders rather than before the page starts (page
 * budget, docs/performance.md): the fields' modules are the create page's start-up chunks, and the rules
 * (shared/validation/password-rules) are on-demand code everywhere else — a page importing them at start would
 * bring them into every page's start-up (src/build/chunk-groups.ts, `base`).
 */
import region from '@region';
import { useDeferredValue, useMemo, type Ref } from 'react';
import type { T } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { PASSWORD_RULE_CODES, passwordIssues } from '../../../shared/validation/password-rules';
import { BirthdayFields } from '../../shared/BirthdayFields';
import { Checkbox } from '../../shared/Checkbox';
import { CountrySelect } from '../../shared/CountrySelect';
import { birthdayIso, type BirthdayValue, type DateFormatInfo } from '../../shared/date-parts';
import { PasswordField } from '../../shared/PasswordField';
import { PasswordRules, type RuleState } from '../../shared/PasswordRules';
import { PasswordStrength } from '../../shared/PasswordStrength';
import { TextField } from '../../shared/TextField';
import { useCountries } from '../../shared/use-countries';
import { usePasswordTools } from '../../shared/use-password-tools';
import type { ChildDetails as Values, ChildField } from './child-checks';

/** YYYY-MM-DD of a complete birth date, for the checks and the call (the island reaches it through this module). */
export { birthdayIso };

/** The live rules; 20199 (the last 5 passwords) is the server's and means nothing for a new account. */
const LIVE_RULES = PASSWORD_RULE_CODES.filter((code) => code !== '20199');

export interface ChildDetailsProps {
  t: T;
  locale: Locale;
  dateFormat: DateFormatInfo;
  maxYear: number;
  /** The parent's country: the child's (spec §5), shown, not chosen. */
  parentCountry: string;
  values: Values;
  onChange: <K extends keyof Values>(field: K, value: Values[K]) => void;
  /** Translated errors by field. */
  errors: Partial<Record<ChildField, string>>;
  emailRef: Ref<HTMLInputElement>;
}

export function ChildDetails({ emailRef, t, values, ...p }: ChildDetailsProps) {
  const countries = useCountries(p.locale);
  const typed = values.email;
  const email = typed.trim();
  const { isBlocklisted, strength } = usePasswordTools(true);
  const issues = passwordIssues(values.password, email);
  const blocklisted = values.password === '' || isBlocklisted === null ? null : isBlocklisted(values.password, email);
  // The estimate follows a deferred copy of the password (as the create form's): each keystroke renders first.
  const estimated = useDeferredValue(values.password);
  const score = useMemo(
    () => (estimated === '' || strength === null ? null : strength(estimated, typed.trim())),
    [estimated, typed, strength],
  );
  const terms = region.footerLinks.find((l) => l.key === 'terms')?.href;
  const privacy = region.footerLinks.find((l) => l.key === 'privacy')?.href;
  return (
    <>
      <CountrySelect
        t={t}
        label={t('parentalSetup.addChild.country')}
        countries={countries.countries}
        loadFailed={countries.failed}
        onRetry={countries.retry}
        value={p.parentCountry}
        onValueChange={() => undefined}
        disabled
      />
      <TextField
        ref={emailRef}
        label={t('parentalSetup.addChild.email')}
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.email}
        onValueChange={(v) => {
          p.onChange('email', v);
        }}
        error={p.errors.email}
      />
      <BirthdayFields
        t={t}
        legend={t('parentalSetup.addChild.birthday')}
        format={p.dateFormat}
        maxYear={p.maxYear}
        value={values.birthday}
        onValueChange={(v: BirthdayValue) => {
          p.onChange('birthday', v);
        }}
        error={p.errors.birthday}
      />
      <PasswordField
        t={t}
        label={t('parentalSetup.addChild.password')}
        name="new-password"
        autoComplete="new-password"
        required
        describedBy="child-password-strength child-password-rules"
        value={values.password}
        onValueChange={(v) => {
          p.onChange('password', v);
        }}
        error={p.errors.password}
      />
      <PasswordStrength t={t} id="child-password-strength" score={score} />
      <PasswordRules
        t={t}
        id="child-password-rules"
        rules={[
          ...LIVE_RULES.map((rule): RuleState => ({
            key: `form.passwordRules.${rule}`,
            met: values.password !== '' && !issues.includes(rule),
          })),
          { key: 'form.passwordRules.notCommon', met: blocklisted === false },
        ]}
      />
      <PasswordField
        t={t}
        label={t('parentalSetup.addChild.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={values.confirm}
        onValueChange={(v) => {
          p.onChange('confirm', v);
        }}
        error={p.errors.confirm}
      />
      <Checkbox
        label={t('parentalSetup.addChild.terms')}
        checked={values.terms}
        onCheckedChange={(v) => {
          p.onChange('terms', v);
        }}
      />
      {p.errors.terms !== undefined && (
        <p className="field-error" role="alert">
          {p.errors.terms}
        </p>
      )}
      <p className="links muted">
        {terms && (
          <a href={terms} target="_blank" rel="noopener">
            {t('footer.terms')}
          </a>
        )}{' '}
        {privacy && (
          <a href={privacy} target="_blank" rel="noopener">
            {t('footer.privacy')}
          </a>
        )}
      </p>
    </>
  );
}
