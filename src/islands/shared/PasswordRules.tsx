/**
 * The live password-rules checklist (spec §5) shown while a new password is
 * typed. Each rule says met / not met in text as well as with a mark, so the
 * state never rests on colour alone; the list is linked to the password input
 * through aria-describedby by the caller (pass `id`).
 */
import type { MessageKey, T } from '../../client/t';

export interface RuleState {
  /** i18n key of the rule's text (form.passwordRules.*). */
  key: MessageKey;
  met: boolean;
}

export interface PasswordRulesProps {
  t: T;
  id: string;
  rules: readonly RuleState[];
}

export function PasswordRules({ t, id, rules }: PasswordRulesProps) {
  return (
    <div className="password-rules" id={id}>
      <p className="muted">{t('form.passwordRules.heading')}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule.key} className={rule.met ? 'met' : 'unmet'}>
            <span aria-hidden="true" className="rule-mark">
              {rule.met ? '✓' : '•'}
            </span>
            {t(rule.key)}
            <span className="visually-hidden">
              {' '}
              {rule.met ? t('form.passwordRules.met') : t('form.passwordRules.unmet')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
