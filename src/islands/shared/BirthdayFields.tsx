/**
 * Date of birth as three labelled selects in the locale's order, grouped in a
 * fieldset whose legend names the group; the error is linked to the group and
 * announced.
 */
import { useId } from 'react';
import type { T } from '../../client/t';
import type { BirthdayValue, DateFormatInfo, DatePart } from './date-parts';

export interface BirthdayFieldsProps {
  t: T;
  legend: string;
  format: DateFormatInfo;
  /** The latest selectable year (the build's year); the list goes back 120 years. */
  maxYear: number;
  value: BirthdayValue;
  onValueChange: (value: BirthdayValue) => void;
  error?: string | undefined;
}

const YEARS_BACK = 120;

export function BirthdayFields({ t, legend, format, maxYear, value, onValueChange, error }: BirthdayFieldsProps) {
  const id = useId();
  const hasError = Boolean(error);
  const options: Record<DatePart, { value: string; label: string }[]> = {
    day: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    month: format.months.map((name, i) => ({ value: String(i + 1), label: name })),
    year: Array.from({ length: YEARS_BACK + 1 }, (_, i) => ({
      value: String(maxYear - i),
      label: String(maxYear - i),
    })),
  };
  return (
    <fieldset
      className="field birthday"
      aria-describedby={hasError ? `${id}-error` : undefined}
      aria-invalid={hasError || undefined}
    >
      <legend>{legend}</legend>
      <div className="birthday-parts">
        {format.order.map((part) => (
          <div key={part} className="birthday-part">
            <label htmlFor={`${id}-${part}`}>{t(`form.birthday.${part}`)}</label>
            <select
              id={`${id}-${part}`}
              value={value[part]}
              autoComplete={`bday-${part}`}
              aria-invalid={hasError || undefined}
              onChange={(e) => {
                onValueChange({ ...value, [part]: e.currentTarget.value });
              }}
            >
              <option value="">{t(`form.birthday.${part}`)}</option>
              {options[part].map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {hasError ? error : ''}
      </p>
    </fieldset>
  );
}
