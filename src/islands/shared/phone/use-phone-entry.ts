/**
 * The phone number step of a screen that texts a code (settings verify-phone, parental consent by SMS): the SMS
 * country list of the membership (sorted, the account's country chosen when it is offered), the typed number, and
 * its check with the phone metadata (≈ 25 KB br), which loads with the number's first input, not with the page: a
 * visitor who types no number never fetches it, and the submit's check waits on no code (issue 25 §1).
 */
import { useEffect, useState } from 'react';
import { fetchPhoneCountryList } from '../../../client/countries/phone-country-list';
import type { T } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import type { CountryEntry } from '../../../shared/contract/countries';
import type { PhoneFieldsProps } from './PhoneFields';
import { onDemandModule } from '../warm-path';

const phoneParser = onDemandModule(() => import('../../../shared/validation/phone'));

export interface PhoneEntryOptions {
  t: T;
  locale: Locale;
  membershipNo: number | null;
  /** The account's country: preselected once the list offers it. */
  accountCountry: string;
}

export function usePhoneEntry({ t, locale, membershipNo, accountCountry }: PhoneEntryOptions) {
  const [countries, setCountries] = useState<CountryEntry[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [country, setCountry] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request (locale or retry) shows the list as loading again before its answer
    setLoadFailed(false);
    const language = serverLocaleCode(locale);
    void fetchPhoneCountryList(membershipNo ?? 1, language).then((data) => {
      if (!live) return;
      if (data === undefined) {
        setLoadFailed(true);
        return;
      }
      setCountries(
        data.countryCodeList
          .map((c) => ({ countryCode: c.countryCode, name: `${c.name} (+${c.callingCode})` }))
          .sort((a, b) => a.name.localeCompare(b.name, locale)),
      );
    });
    return () => {
      live = false;
    };
  }, [locale, membershipNo, attempt]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a default from the loaded list, applied once it arrives and kept once the player picked
    if (countries?.some((c) => c.countryCode === accountCountry)) setCountry((c) => (c === '' ? accountCountry : c));
  }, [countries, accountCountry]);

  /** The number in E.164, or undefined with the reason shown on the field. */
  async function check(): Promise<string | undefined> {
    if (country === '') {
      setError(t('error.input.phone-country'));
      return undefined;
    }
    const { parsePhone } = phoneParser.loaded() ?? (await phoneParser());
    const parsed = parsePhone(phone, country);
    if ('error' in parsed) {
      setError(t(parsed.error));
      return undefined;
    }
    setError(undefined);
    return parsed.e164;
  }

  const fields: PhoneFieldsProps = {
    t,
    countries,
    loadFailed,
    onRetry: () => {
      setAttempt((n) => n + 1);
    },
    country,
    onCountryChange: (v) => {
      setCountry(v);
      setError(undefined);
    },
    phone,
    onPhoneChange: (v) => {
      // A failed load is left for the check to meet (and retry).
      phoneParser().catch(() => undefined);
      setPhone(v);
      setError(undefined);
    },
    error,
  };

  return { fields, check, clearPhone: () => setPhone('') };
}
