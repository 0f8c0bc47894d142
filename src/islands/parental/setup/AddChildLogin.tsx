/**
 * setting/parental-controls/add-child/login (spec §4 "Child account" step 5, §7): a minor who has an account
 * signs in here, on the parent's device, and is linked to the family (childLogin, parental_flow_mode=child). The
 * parent's own session stays; the captcha is the login form's (invisible by default, the visible widget when the
 * configuration or a 20072 asks for it). The server refuses an account that is not a minor, another family's
 * child or a wrong password with its catalogue codes, shown in the form. Then add-child/complete.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { childLogin } from '../../../client/api/parental';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { isAppMode } from '../../../client/navigation/page';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../../client/stores/captcha';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { SignInForm, type Credentials } from '../../shared/SignInForm';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import * as routes from '../../../routes/refs';

export interface AddChildLoginProps {
  strings: Strings;
  locale: Locale;
}

/** Spec §5: the captcha failure code. */
const CAPTCHA_FAILED = 'captcha';
/**
 * A wrong id or password (20002) and an unknown account (20215): the sign-in form's login-failed dialog would
 * cover the form the parent and child are filling in together; said in the form instead (the same §8 text).
 */
const IN_FORM: ReadonlySet<string> = new Set(['20002', '20215']);
/**
 * A child's provider sign-in that did not finish (20159 expired or used session, 20138 refused callback,
 * INVALID_TICKET the PC store's): said in this form, where the parent can try again, not on the link-failed screen.
 */
const TPA_IN_FORM: ReadonlySet<string> = new Set(['20159', '20138', 'INVALID_TICKET']);

/** The login form's captcha (its token is asked for on submit): loaded at idle, so the click waits on no code. */
const captchaCode = onDemandModule(() => import('../../../client/captcha/login-token'));

export function AddChildLogin({ strings, locale }: AddChildLoginProps) {
  useWarmPath(captchaCode);
  const t = createT(strings);
  const query = usePageQuery();
  const captchaState = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const [credentials, setCredentials] = useState<Credentials>({ id: '', password: '' });
  // The works below give a refusal back, handled once the form is free (its dialog, if any, then opens).
  const { busy, code, setCode, run, stayBusy } = useSubmit();
  const errorText = useErrorText(strings, code);

  async function onSubmit() {
    const error = await run(async (): Promise<ApiError | undefined> => {
      const { loginCaptcha } = captchaCode.loaded() ?? (await captchaCode());
      const captcha = await loginCaptcha(isAppMode());
      if (captcha === undefined) {
        setCode(CAPTCHA_FAILED);
        return undefined;
      }
      const [refused, added] = await settle(
        childLogin({ id: credentials.id.trim(), password: credentials.password, ...captcha }),
      );
      if (refused) return refused;
      setCredentials((current) => ({ ...current, password: '' }));
      await addedChild(added.globalUserNo);
      return undefined;
    });
    if (error !== undefined) await failed(error);
  }

  /** The child is in the family: the page leaves for add-child/complete, and the form stays busy meanwhile. */
  async function addedChild(childUserNo: number) {
    stayBusy();
    const { navigate } = await import('../../../client/navigation/browser');
    navigate(routes.addChildComplete, { query: { child: String(childUserNo) } });
  }

  async function failed(error: ApiError) {
    if (IN_FORM.has(error.code) || TPA_IN_FORM.has(error.code)) {
      setCode(error.code);
      return;
    }
    // A wrong password or a refused account is said in this form; the rest (sign-in, captcha, dialogs) is the
    // settings handling.
    const { inlineCodeOf, handleSettingsError } = await import('../../settings/handle-error');
    const inline = await inlineCodeOf(error);
    if (inline !== undefined) {
      setCode(inline);
      return;
    }
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  // Back from the child's provider sign-in (the provider buttons below the form, actionType childLogin).
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('code')) return;
    // Back from the provider (code in the URL, read once mounted): the sign-in finishes at once and shows busy.
    void run(async (): Promise<ApiError | undefined> => {
      const m = await import('./child-tpa');
      const callback = m.takeChildCallback();
      if (callback === undefined) return undefined;
      const [error, result] = await m.addChildByProvider(callback);
      if (error) return error;
      await addedChild(result.globalUserNo);
      return undefined;
    }).then((error) => (error === undefined ? undefined : failed(error)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page: the provider's code is taken from the URL once
  }, []);

  return (
    <>
      <SignInForm
        t={t}
        headingId="add-child-login-heading"
        heading={t('parentalSetup.addChildLogin.heading')}
        top={
          <>
            <p className="muted">{t('parentalSetup.addChildLogin.intro')}</p>
            <FormError message={errorText?.message} />
          </>
        }
        idField={{
          label: t('parentalSetup.addChildLogin.id'),
          name: 'child-id',
          type: 'email',
          autoComplete: 'off',
          required: t('parentalSetup.addChildLogin.idRequired'),
        }}
        passwordField={{
          label: t('parentalSetup.addChildLogin.password'),
          name: 'child-password',
          autoComplete: 'off',
          required: t('form.password.required'),
        }}
        value={credentials}
        onChange={(next) => {
          setCredentials(next);
          setCode(undefined);
        }}
        captcha={{ ...captchaState, label: t('form.captcha.label'), required: t('form.captcha.required') }}
        busy={busy}
        submitLabel={t('parentalSetup.addChildLogin.submit')}
        busyLabel={t('parentalSetup.common.working')}
        onSubmit={() => void onSubmit()}
        bottom={
          /* A child without an account yet: the parent creates one (spec §2 add-child-signup, the child flow). */
          <p className="muted">
            {t('parentalSetup.addChildLogin.noAccount')}{' '}
            <a
              href={routeHref(locale, { route: routes.addChildSignup, query: { parental_flow_mode: 'child' } }, query)}
            >
              {t('parentalSetup.addChildLogin.createInstead')}
            </a>
          </p>
        }
      />
      <LazyDialogHost strings={strings} />
    </>
  );
}
