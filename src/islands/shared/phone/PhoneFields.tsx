/** The country (calling code) and national number fields of a phone number step (./use-phone-entry.ts). */
import type { T } from '../../../client/t';
import type { CountryEntry } from '../../../shared/contract/countries';
import { CountrySelect } from '../CountrySelect';
import { TextField } from '../TextField';

export interface PhoneFieldsProps {
  t: T;
  countries: readonly CountryEntry[] | null;
  loadFailed: boolean;
  onRetry: () => void;
  country: string;
  onCountryChange: (countryCode: string) => void;
  phone: string;
  onPhoneChange: (value: string) => void;
  error: string | undefined;
}

export function PhoneFields(props: PhoneFieldsProps) {
  const { t } = props;
  return (
    <>
      <CountrySelect
        t={t}
        label={t('mfa.sms.country')}
        countries={props.countries}
        loadFailed={props.loadFailed}
        onRetry={props.onRetry}
        value={props.country}
        onValueChange={props.onCountryChange}
      />
      <TextField
        label={t('mfa.sms.phone')}
        hint={t('mfa.sms.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={props.phone}
        onValueChange={props.onPhoneChange}
        error={props.error}
      />
    </>
  );
}
