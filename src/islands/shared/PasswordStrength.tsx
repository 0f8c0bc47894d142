/**
 * The strength meter under a new password (issue 10 item 7): a native
 * <meter> (role meter) named by its visible label, with the level in words
 * beside it and as the meter's value text, so the state never rests on the
 * bar's colour alone. The level text is a polite live region: it changes only
 * when the level does, not with every key. Shows nothing until there is a
 * score (the estimator loads on demand, and an empty password has none).
 */
import type { T } from '../../client/t';
import type { StrengthScore } from './password-strength';
import './password-strength.css';

export interface PasswordStrengthProps {
  t: T;
  /** Id of the container, for the password input's aria-describedby. */
  id: string;
  score: StrengthScore | null;
}

export function PasswordStrength({ t, id, score }: PasswordStrengthProps) {
  const level = score === null ? '' : t(`form.passwordStrength.${score}`);
  return (
    <div id={id} className="password-strength">
      {score !== null && (
        <>
          <span id={`${id}-label`}>{t('form.passwordStrength.label')}</span>
          <meter
            aria-labelledby={`${id}-label`}
            aria-valuetext={level}
            min={0}
            max={4}
            low={2}
            high={3}
            optimum={4}
            value={score}
          />
        </>
      )}
      {/* Present from the first render, so the first level is announced too. */}
      <span className="password-strength-level" aria-live="polite">
        {level}
      </span>
    </div>
  );
}
