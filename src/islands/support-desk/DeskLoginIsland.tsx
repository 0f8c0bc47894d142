/**
 * login/zendesk (spec §2, §7, §8 20100; docs/support-desk.md): Contact Support of a blocked account on global.
 * The player confirms the account (email or ID, password, the captcha as on login); the API answers a one-time
 * token (login/token) that becomes the support desk's single-sign-on URL (login/zendesk), and the page goes
 * there. The form is rendered at build time; the calls, captcha and error texts load on demand (./desk-submit).
 * In a region without the desk sign-in the screen points at the region's help center instead.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import { useMemo, useState } from 'react';
import { unifiedCalls } from '../../client/navigation/page';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../client/stores/captcha';
import { createT, type Strings, type T } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SignInForm, type Credentials } from '../shared/SignInForm';
import { useSubmit } from '../shared/use-submit';
import type { DeskOutcome } from './desk-submit';
import { HelpCenter } from './HelpCenter';

let submitLoad: Promise<typeof import('./desk-submit')> | undefined;
function submitCode(): Promise<typeof import('./desk-submit')> {
  submitLoad ??= import('./desk-submit').catch((error: unknown) => {
    // A failed fetch (offline) is tried again on the next use.
    submitLoad = undefined;
    throw error;
  });
  return submitLoad;
}

export interface DeskLoginIslandProps {
  strings: Strings;
  locale: Locale;
  /** The login screen's path, built from the registry at build time (the page ships no route table). */
  loginPath: string;
}

export function DeskLoginIsland({ strings, loginPath }: DeskLoginIslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  if (!region.supportViaDeskLogin)
    return <HelpCenter t={t} headingId="desk-login-heading" heading={t('supportDesk.login.title')} />;
  return <DeskLoginForm t={t} strings={strings} loginPath={loginPath} />;
}

type Shown = Exclude<DeskOutcome, { kind: 'leaving' }> | null;

function DeskLoginForm({ t, strings, loginPath }: { t: T; strings: Strings; loginPath: string }) {
  const captcha = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const [credentials, setCredentials] = useState<Credentials>({ id: '', password: '' });
  // The outcome is shown in `shown` (a code, retry, not blocked), so the hook only holds busy.
  const { busy, run, stayBusy } = useSubmit();
  const [shown, setShown] = useState<Shown>(null);
  const errorText = useErrorText(strings, shown?.kind === 'error' ? shown.code : undefined);

  async function onSubmit() {
    await run(async () => {
      setShown(null);
      let outcome: DeskOutcome;
      try {
        const { openDeskWithPassword } = await submitCode();
        outcome = await openDeskWithPassword(
          { id: credentials.id.trim(), password: credentials.password },
          unifiedCalls(),
        );
      } catch {
        outcome = { kind: 'error', code: 'NETWORK_ERROR' };
      }
      // Leaving for the desk: the form stays busy while the page goes.
      if (outcome.kind === 'leaving') stayBusy();
      else setShown(outcome);
    });
  }

  const message =
    shown?.kind === 'error'
      ? errorText?.message
      : shown?.kind === 'retry'
        ? t('supportDesk.login.retry')
        : shown?.kind === 'not-blocked'
          ? t('supportDesk.login.notBlocked')
          : undefined;

  return (
    <SignInForm
      t={t}
      headingId="desk-login-heading"
      heading={t('supportDesk.login.heading')}
      top={
        <>
          <p>{t('supportDesk.login.intro')}</p>
          {shown?.kind === 'external' && <p role="status">{t('supportDesk.external.body')}</p>}
          <FormError
            message={message}
            support={
              errorText?.showSupport === true ? { href: region.supportUrl, label: t('error.support') } : undefined
            }
          >
            {shown?.kind === 'not-blocked' && (
              <p>
                <a href={loginPath}>{t('supportDesk.login.signIn')}</a>
              </p>
            )}
          </FormError>
        </>
      }
      idField={{
        label: t('supportDesk.login.id.label'),
        name: 'id',
        type: 'text',
        autoComplete: 'username',
        maxLength: 254,
        required: t('supportDesk.login.id.required'),
      }}
      passwordField={{
        label: t('supportDesk.login.password.label'),
        name: 'password',
        autoComplete: 'current-password',
        maxLength: 128,
        required: t('supportDesk.login.password.required'),
      }}
      value={credentials}
      onChange={(next) => {
        setCredentials(next);
        setShown(null);
      }}
      captcha={{ ...captcha, label: t('form.captcha.label'), required: t('form.captcha.required') }}
      busy={busy}
      submitLabel={t('supportDesk.login.submit')}
      busyLabel={t('supportDesk.login.submitting')}
      onSubmit={() => void onSubmit()}
      onFocus={() => void submitCode().catch(() => undefined)}
    />
  );
}
