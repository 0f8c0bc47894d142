/**
 * The list of verification methods on the auth-types screens (sign-in and
 * settings): one button per method, the primary first, each saying where the
 * code comes from.
 */
import type { T } from '../../../client/t';
import type { CodeMethod } from './code-input';

export interface MethodChoice {
  readonly method: CodeMethod;
  /** Where the code comes from ("Text message to +•••••0123"), translated. */
  readonly detail: string;
  readonly primary: boolean;
}

export interface MethodListProps {
  t: T;
  choices: readonly MethodChoice[];
  disabled: boolean;
  onChoose: (method: CodeMethod) => void;
}

export function MethodList({ t, choices, disabled, onChoose }: MethodListProps) {
  return (
    <ul className="item-list" aria-label={t('mfa.authTypes.listLabel')}>
      {choices.map((choice) => (
        <li key={choice.method}>
          <button
            type="button"
            className="button item-choice"
            aria-disabled={disabled || undefined}
            onClick={() => {
              if (!disabled) onChoose(choice.method);
            }}
          >
            <span>
              <strong>{t(`mfa.method.${choice.method}`)}</strong>
              <br />
              <span className="muted">{choice.detail}</span>
            </span>
            {choice.primary && <span className="badge on">{t('mfa.security.default')}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
