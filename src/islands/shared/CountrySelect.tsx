/**
 * Country picker. The list comes from the country-membership API in the
 * visitor's language (spec §7), so while it loads the select shows a disabled
 * "loading" option; a failed load says so and offers a retry.
 */
import { useId } from 'react';
import type { T } from '../../client/t';
import type { CountryEntry } from '../../shared/contract/countries';

export interface CountrySelectProps {
  t: T;
  label: string;
  /** null while loading. */
  countries: readonly CountryEntry[] | null;
  loadFailed: boolean;
  onRetry: () => void;
  value: string;
  onValueChange: (countryCode: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

export function CountrySelect(props: CountrySelectProps) {
  const { t, label, countries, loadFailed, onRetry, value, onValueChange, error, disabled } = props;
  const id = useId();
  const hasError = Boolean(error);
  const loading = countries === null && !loadFailed;
  return (
    <div className="field">
      <label htmlFor={`${id}-select`}>{label}</label>
      <select
        id={`${id}-select`}
        value={value}
        disabled={disabled === true || countries === null}
        aria-busy={loading || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError || loadFailed ? `${id}-error` : undefined}
        autoComplete="country"
        onChange={(e) => {
          onValueChange(e.currentTarget.value);
        }}
      >
        <option value="">{loading ? t('form.country.loading') : t('form.country.placeholder')}</option>
        {countries?.map((c) => (
          <option key={c.countryCode} value={c.countryCode}>
            {c.name}
          </option>
        ))}
      </select>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {loadFailed ? t('form.country.loadFailed') : hasError ? error : ''}
      </p>
      {loadFailed && (
        <button type="button" className="button link" onClick={onRetry}>
          {t('form.retry')}
        </button>
      )}
    </div>
  );
}
