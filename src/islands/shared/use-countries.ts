/**
 * The country list for the country select (spec §7 "Sign-up and countries"):
 * the region's countries (membership number from the region config), or
 * every country in the unified region, named in the page language; plus the
 * visitor's country when the API knows it, to preselect.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchCountryList } from '../../client/countries/country-list';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import type { CountryEntry } from '../../shared/contract/countries';

export interface CountriesState {
  /** null while loading or after a failure. */
  countries: readonly CountryEntry[] | null;
  /** The visitor's country, when known and in the list. */
  visitorCountry: string | null;
  failed: boolean;
  retry: () => void;
}

export function useCountries(locale: Locale): CountriesState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<CountriesState, 'retry'>>({
    countries: null,
    visitorCountry: null,
    failed: false,
  });

  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request (locale or retry) shows the list as loading again before its answer
    setState({ countries: null, visitorCountry: null, failed: false });
    // Without the HTTP client: these screens need the list at mount (../../client/countries/country-list).
    void fetchCountryList(serverLocaleCode(locale)).then((data) => {
      if (!live) return;
      if (data === undefined) {
        setState({ countries: null, visitorCountry: null, failed: true });
        return;
      }
      const countries = [...data.countryList].sort((a, b) => a.name.localeCompare(b.name, locale));
      const visitor = data.countryCode;
      setState({
        countries,
        visitorCountry: visitor !== null && countries.some((c) => c.countryCode === visitor) ? visitor : null,
        failed: false,
      });
    });
    return () => {
      live = false;
    };
  }, [locale, attempt]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
