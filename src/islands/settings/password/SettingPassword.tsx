/**
 * setting/password/{type} (spec §2, §5; issue 12): create a first password
 * (an account without one, e.g. social sign-in only; the server asks for a
 * settings verification first) or change it (current password required).
 * The new password gets sign-up's live rules and strength meter; 20062
 * (the current one), 20194–20199 and PASSWORD_TOO_COMMON come back as form
 * texts. Success signs out every other session and removes trusted devices,
 * and the player is told so (islands/shared/sign-out-others).
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { changePassword, createPassword } from '../../../client/api/account-security';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT, type MessageKey } from '../../../client/t';
import { serverLocaleCode } from '../../../i18n/locales';
import type { IslandProps } from '../../../layouts/screen';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { PasswordField } from '../../shared/PasswordField';
import { PasswordRules, type RuleState } from '../../shared/PasswordRules';
import { PasswordStrength } from '../../shared/PasswordStrength';
import { refreshAccount } from '../../shared/refresh-account';
import { SubmitButton } from '../../shared/SubmitButton';
import { usePasswordTools } from '../../shared/use-password-tools';
import { useSubmit } from '../../shared/use-submit';
import { useAccount } from '../account';
import { handleSettingsError } from '../handle-error';
import { formErrors, passwordMode, type FieldErrors, type PasswordFields, type PasswordMode } from './password-form';
import * as routes from '../../../routes/refs';

/** The §5 rules shown live (20199, the last 5, needs the stored hashes: the server's). */
const LIVE_RULES = ['20194', '20195', '20196', '20197', '20198'] as const;
type RuleCheck = (password: string, email?: string) => string[];

export interface SettingPasswordProps extends IslandProps {
  /** The path's {type}, when it has one. */
  requested?: PasswordMode | undefined;
}

export function SettingPassword({ strings, locale, requested }: SettingPasswordProps) {
  const t = createT(strings);
  const view = useAccount();
  const account = view.status === 'ready' ? view.account : null;
  const mode = passwordMode(account?.hasPassword, requested);
  const email = account?.email ?? '';
  const [fields, setFields] = useState<PasswordFields>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [done, setDone] = useState<number | undefined>(undefined);
  const error = useErrorText(strings, code);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  // The rules module brings zod: loaded with the form, not with the page.
  const [ruleCheck, setRuleCheck] = useState<RuleCheck | null>(null);
  useEffect(() => {
    let live = true;
    import('../../../shared/validation/password').then(
      (m) => {
        if (live) setRuleCheck(() => m.passwordIssues);
      },
      () => {
        // Offline or a new deployment: the server still checks every rule.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const { isBlocklisted, strength } = usePasswordTools(true);
  const issues = ruleCheck === null ? null : ruleCheck(fields.next, email);
  const blocklisted = fields.next === '' || isBlocklisted === null ? null : isBlocklisted(fields.next, email);
  const estimated = useDeferredValue(fields.next);
  const score = useMemo(
    () => (estimated === '' || strength === null ? null : strength(estimated, email)),
    [estimated, email, strength],
  );

  const set = (key: keyof PasswordFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setCode(undefined);
    setDone(undefined);
    const found = formErrors(mode, fields, issues, blocklisted);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const language = serverLocaleCode(locale);
    const settled = await submit.run(() =>
      settle(
        mode === 'create'
          ? createPassword({ newPassword: fields.next, language })
          : changePassword({ currentPassword: fields.current, newPassword: fields.next, language }),
      ),
    );
    if (settled === undefined) return;
    const [failure, result] = settled;
    if (failure) {
      // The current password was wrong: its field says so (spec §8 20002 on this form).
      if (failure.code === '20002') {
        setErrors({ current: 'settings.password.currentWrong' });
        firstRef.current?.focus();
        return;
      }
      const outcome = await handleSettingsError(failure);
      if (outcome.kind === 'form') setCode(outcome.code);
      return;
    }
    setFields({ current: '', next: '', confirm: '' });
    setDone(result.endedSessions);
    headingRef.current?.focus();
    void refreshAccount();
    const { offerSignOutOthers } = await import('../../shared/sign-out-others');
    await offerSignOutOthers({ locale, endedSessions: result.endedSessions });
  }

  const rulesId = 'setting-password-rules';
  const strengthId = 'setting-password-strength';
  const rules: RuleState[] = [
    ...LIVE_RULES.map((rule): RuleState => ({
      key: `form.passwordRules.${rule}`,
      met: fields.next !== '' && issues !== null && !issues.includes(rule),
    })),
    { key: 'form.passwordRules.notCommon', met: blocklisted === false },
  ];
  const text = (key: MessageKey | undefined) => (key === undefined ? undefined : t(key));

  return (
    <>
      <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h1 ref={headingRef} tabIndex={-1}>
          {t(mode === 'create' ? 'settings.password.createHeading' : 'settings.password.changeHeading')}
        </h1>
        <p className="muted">
          {t(mode === 'create' ? 'settings.password.createIntro' : 'settings.password.changeIntro')}
        </p>
        <FormError message={error?.message} />
        <p role="status" className="status-line">
          {done === undefined ? '' : t('settings.password.saved', { count: done })}
        </p>
        {/* The account's email, for password managers saving the new credentials. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {mode === 'change' && (
          <PasswordField
            ref={firstRef}
            t={t}
            label={t('settings.password.current')}
            name="current-password"
            autoComplete="current-password"
            required
            value={fields.current}
            onValueChange={set('current')}
            error={text(errors.current)}
          />
        )}
        <PasswordField
          t={t}
          label={t('settings.password.new')}
          name="new-password"
          autoComplete="new-password"
          required
          describedBy={`${strengthId} ${rulesId}`}
          value={fields.next}
          onValueChange={set('next')}
          error={text(errors.next)}
        />
        <PasswordStrength t={t} id={strengthId} score={score} />
        <PasswordRules t={t} id={rulesId} rules={rules} />
        <PasswordField
          t={t}
          label={t('settings.password.confirm')}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={fields.confirm}
          onValueChange={set('confirm')}
          error={text(errors.confirm)}
        />
        <p className="muted">{t('settings.password.signOutNote')}</p>
        <div className="actions">
          <SubmitButton busy={busy} busyLabel={t('settings.password.saving')}>
            {t(mode === 'create' ? 'settings.password.createSubmit' : 'settings.password.changeSubmit')}
          </SubmitButton>
          <a className="button link" href={routeHref(locale, { route: routes.security })}>
            {t('settings.password.back')}
          </a>
        </div>
      </form>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default SettingPassword;
