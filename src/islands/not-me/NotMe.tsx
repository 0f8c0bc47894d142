/**
 * security/not-me (issue 18): the landing page of a security alert's "this
 * wasn't me" link. The player chooses a new password; the call (with the
 * link's token) stores it, signs out every session of the account and
 * removes its trusted devices, in one step. Nothing happens on load: mail
 * scanners open links, and only the player's submit may end sessions.
 * Password rules are checked here first (loaded on submit) and by the API.
 */
import { useState, type SubmitEvent } from 'react';
import { secureAccount } from '../../client/api/passkeys';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { useMountedQuery } from '../shared/use-page-query';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export interface NotMeProps {
  strings: Strings;
  locale: Locale;
}

/** The link's token: 43 base64url characters, as the server issues them (else the link was cut). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function NotMe({ strings, locale }: NotMeProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [done, setDone] = useState(false);
  const error = useErrorText(strings, code);
  const token = query?.get('token') ?? null;
  const tokenOk = token !== null && TOKEN.test(token);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !tokenOk) return;
    setCode(undefined);
    setFieldError(undefined);
    if (password === '') {
      setFieldError(t('form.password.required'));
      return;
    }
    // A refusal's code is shown as it comes (the hook's default).
    const secured = await submit.run(async () => {
      const { passwordIssues } = await import('../../shared/validation/password');
      const [broken] = passwordIssues(password);
      if (broken !== undefined) {
        setCode(broken);
        return false;
      }
      await secureAccount({ token, password });
      return true;
    });
    if (secured === true) {
      setPassword('');
      setDone(true);
    }
  }

  const loginHref = routeHref(locale, { route: routes.login }, new URLSearchParams());

  return (
    <section className="card" aria-labelledby="not-me-heading">
      <h1 id="not-me-heading">{t('notMe.heading')}</h1>
      {done ? (
        <>
          <p role="status">{t('notMe.done')}</p>
          <p>
            <a className="button primary block" href={loginHref}>
              {t('notMe.signIn')}
            </a>
          </p>
        </>
      ) : query !== null && !tokenOk ? (
        <p role="alert">{t('notMe.missing')}</p>
      ) : (
        <form method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
          <p>{t('notMe.intro')}</p>
          {/* 20068 says "invalid code" in the catalogue; for a link the page says what happened in its own words. */}
          <FormError message={code === '20068' ? t('notMe.expired') : error?.message} />
          <PasswordField
            t={t}
            label={t('notMe.password')}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
            error={fieldError}
          />
          <SubmitButton busy={busy} busyLabel={t('notMe.busy')}>
            {t('notMe.submit')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

export default NotMe;
