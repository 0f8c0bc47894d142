/**
 * healup (spec §2 "update country and birth information"): a sign-in paused
 * by 20045 asks for the items the server named (query items, e.g.
 * "country,birthday"); mode tpa after a third-party sign-in, nx otherwise.
 * Saving (PUT healup) is followed by login complete, then the sign-in ends
 * like any other (finishLogin).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from '../../client/http/api-error';
import { redirectPolicy, unifiedCalls } from '../../client/navigation/browser';
import { routeHref } from '../../client/navigation/href';
import { getDeviceId } from '../../client/stores/device';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { readHealupItems, type HealupItem } from '../../shared/errors/healup-items';
import { birthdayProblem } from '../../shared/validation/birthday';
import { BirthdayFields } from '../shared/BirthdayFields';
import { CountrySelect } from '../shared/CountrySelect';
import { birthdayIso, EMPTY_BIRTHDAY, type BirthdayValue, type DateFormatInfo } from '../shared/date-parts';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { readPendingLogin } from '../shared/pending-login';
import { SubmitButton } from '../shared/SubmitButton';
import { useCountries } from '../shared/use-countries';
import { usePageQuery } from '../shared/use-page-query';
import { useSubmit } from '../shared/use-submit';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import * as routes from '../../routes/refs';

/** The sign-in's end: loaded with the action path at idle (../shared/warm-path). */
const finishCode = onDemandModule(() => import('../shared/finish-login'));
/**
 * The two calls of the submit, on the same path: a file of their own that healup, 11 files and a few bytes from the
 * budget, does not load before interaction (docs/performance.md "Headroom").
 */
const healupCalls = onDemandModule(() => import('../../client/api/launcher-login'));

export interface HealupIslandProps {
  strings: Strings;
  locale: Locale;
  dateFormat: DateFormatInfo;
  maxYear: number;
}

/** The healup body for the items asked for (spec §7 PUT healup: countryCode, birthday). */
export function healupBody(items: readonly HealupItem[], countryCode: string, birthday: string) {
  return {
    ...(items.includes('country') ? { countryCode } : {}),
    ...(items.includes('birthday') ? { birthday } : {}),
  };
}

export function HealupIsland({ strings, locale, dateFormat, maxYear }: HealupIslandProps) {
  useWarmPath(finishCode, healupCalls);
  const t = createT(strings);
  const query = usePageQuery();
  const items = readHealupItems(query.get('items') ?? '');
  const countries = useCountries(locale);
  const [countryCode, setCountryCode] = useState('');
  const [birthday, setBirthday] = useState<BirthdayValue>(EMPTY_BIRTHDAY);
  // The age is checked as of the page's opening: a render must not read the clock (React's purity rule).
  const [today] = useState(() => Date.now());
  const [showErrors, setShowErrors] = useState(false);
  const { busy, code, run, stayBusy } = useSubmit({ onError: failure });
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a default from the loaded list, applied once it arrives and kept once the player picked
    if (countries.visitorCountry !== null) setCountryCode((c) => (c === '' ? (countries.visitorCountry ?? '') : c));
  }, [countries.visitorCountry]);
  const text = useErrorText(strings, code);
  // Once the message is in place (the page's error texts may still be loading when the code arrives).
  const message = text?.message;
  useEffect(() => {
    if (message !== undefined) errorRef.current?.focus();
  }, [message]);

  const iso = birthdayIso(birthday) ?? '';
  const birthdayCheck = birthdayProblem(iso, today);
  const countryError = items.includes('country') && countryCode === '' ? t('form.country.required') : undefined;
  const birthdayError = items.includes('birthday') && birthdayCheck !== undefined ? t(birthdayCheck) : undefined;

  /**
   * §8 handling: the code the form shows, or none when a dialog or a navigation answered. The handlers and dialogs
   * load with the first failure, not with the page (docs/performance.md).
   */
  async function failure(error: ApiError): Promise<string | undefined> {
    if (error.navigating) return undefined;
    const [{ mainErrorAction }, { otherCodeAction }, { performErrorAction }] = await Promise.all([
      import('../../client/errors/main-handler'),
      import('../../client/errors/other-codes'),
      import('../../client/dialogs/perform'),
    ]);
    const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
    const action = main.kind === 'reject' ? otherCodeAction(error) : main;
    if (action.kind === 'form-error' || action.kind === 'error-dialog' || action.kind === 'reject') return action.code;
    await performErrorAction(action);
    return undefined;
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (countryError !== undefined || birthdayError !== undefined) return;
    void run(async () => {
      const unified = unifiedCalls();
      // Warmed at idle: then the call leaves in the click's own task (../shared/warm-path).
      const { healup, loginComplete } = healupCalls.loaded() ?? (await healupCalls());
      await healup(healupBody(items, countryCode, iso), { unified });
      const result = await loginComplete({ deviceId: getDeviceId() }, { unified });
      // The sign-in ends by leaving the page: the form stays busy until it has gone.
      stayBusy();
      const pending = readPendingLogin();
      // The end of sign-in (analytics, cookies) loads with the answer, not with the page.
      const { finishLogin } = await finishCode();
      await finishLogin(result, {
        locale,
        rememberMe: pending.rememberMe,
        thirdParty: query.get('mode') === 'tpa',
        offerTrustedDevice: async () => {
          const { offerTrustedDevice } = await import('../login/trusted-device-offer');
          await offerTrustedDevice({ t, unified });
        },
      });
    });
  }

  if (items.length === 0) {
    return (
      <section className="card" aria-labelledby="healup-heading">
        <h1 id="healup-heading">{t('healup.heading')}</h1>
        <p>{t('healup.nothing')}</p>
        <p>
          <a className="button primary block" href={routeHref(locale, { route: routes.login }, query)}>
            {t('healup.signIn')}
          </a>
        </p>
      </section>
    );
  }
  return (
    <>
      <form className="card" noValidate aria-labelledby="healup-heading" onSubmit={onSubmit}>
        <h1 id="healup-heading">{t('healup.heading')}</h1>
        <p className="muted">{t('healup.intro')}</p>
        <FormError ref={errorRef} message={text?.message} />
        {items.includes('country') && (
          <CountrySelect
            t={t}
            label={t('healup.country')}
            countries={countries.countries}
            loadFailed={countries.failed}
            onRetry={countries.retry}
            value={countryCode}
            onValueChange={setCountryCode}
            error={showErrors ? countryError : undefined}
          />
        )}
        {items.includes('birthday') && (
          <BirthdayFields
            t={t}
            legend={t('healup.birthday')}
            format={dateFormat}
            maxYear={maxYear}
            value={birthday}
            onValueChange={setBirthday}
            error={showErrors ? birthdayError : undefined}
          />
        )}
        <SubmitButton busy={busy} busyLabel={t('healup.saving')}>
          {t('healup.submit')}
        </SubmitButton>
      </form>
      <LazyDialogHost strings={strings} />
    </>
  );
}
