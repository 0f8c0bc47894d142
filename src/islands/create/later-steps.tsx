/**
 * The later form steps of account creation (email, code, details), loaded
 * with the first focus in the form rather than with the page (page budget):
 * the code input, the password fields, rules and strength meter.
 */
import region from '@region';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { PASSWORD_RULE_CODES, passwordIssues } from '../../shared/validation/password-rules';
import { Checkbox } from '../shared/Checkbox';
import { CodeInput } from '../shared/CodeInput';
import { PasswordField } from '../shared/PasswordField';
import { PasswordRules, type RuleState } from '../shared/PasswordRules';
import { PasswordStrength } from '../shared/PasswordStrength';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { usePasswordTools, type PasswordTools } from '../shared/use-password-tools';
import { Back, type StepProps } from './steps';

export interface EmailStepProps extends StepProps {
  email: string;
}

export function EmailStep({ firstRef, ...p }: EmailStepProps) {
  return (
    <>
      <p className="muted">{p.t('create.email.intro')}</p>
      <TextField
        ref={firstRef}
        label={p.t('create.email.label')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={p.email}
        onValueChange={(value) => {
          p.dispatch({ type: 'edit', field: 'email', value });
        }}
        error={p.errors['email']}
      />
      <div className="actions step-actions">
        <Back t={p.t} dispatch={p.dispatch} busy={p.busy} />
        <SubmitButton busy={p.busy} busyLabel={p.t('create.email.sending')} className="button primary">
          {p.t('create.email.submit')}
        </SubmitButton>
      </div>
    </>
  );
}

export interface CodeStepProps extends StepProps {
  email: string;
  code: string;
  resent: boolean;
  onResend: () => void;
}

export function CodeStep({ firstRef, ...p }: CodeStepProps) {
  return (
    <>
      <p className="muted">{p.t('create.code.intro', { email: p.email })}</p>
      <CodeInput
        ref={firstRef}
        label={p.t('create.code.label')}
        name="code"
        required
        value={p.code}
        onValueChange={(value) => {
          p.dispatch({ type: 'edit', field: 'code', value });
        }}
        error={p.errors['code']}
      />
      <p className="muted" aria-live="polite">
        {p.resent ? p.t('create.code.resent', { email: p.email }) : ''}
      </p>
      <div className="actions step-actions">
        <button type="button" className="button link" disabled={p.busy} onClick={p.onResend}>
          {p.t('create.code.resend')}
        </button>
        <button
          type="button"
          className="button link"
          disabled={p.busy}
          onClick={() => {
            p.dispatch({ type: 'back' });
          }}
        >
          {p.t('create.code.changeEmail')}
        </button>
      </div>
      <SubmitButton busy={p.busy} busyLabel={p.t('create.code.verifying')}>
        {p.t('create.code.submit')}
      </SubmitButton>
    </>
  );
}

/** The live rules (spec §5) a new password is checked against; 20199 (last 5) is the server's. */
export const LIVE_PASSWORD_RULES = PASSWORD_RULE_CODES.filter((code) => code !== '20199');

export interface DetailsStepProps extends StepProps {
  email: string;
  password: string;
  confirm: string;
  newsletter: boolean;
  /**
   * Told the blocklist once it has loaded (null until then), for the island's submit check. The blocklist and
   * the strength estimator load when this step shows (docs/security.md), and their hook with it: not with the page.
   */
  onBlocklist: (isBlocklisted: PasswordTools['isBlocklisted']) => void;
}

export function DetailsStep({ onBlocklist, ...p }: DetailsStepProps) {
  const tools = usePasswordTools(true);
  const { isBlocklisted } = tools;
  useEffect(() => {
    onBlocklist(isBlocklisted);
  }, [onBlocklist, isBlocklisted]);
  return <DetailsFields {...p} tools={tools} />;
}

export interface DetailsFieldsProps extends Omit<DetailsStepProps, 'onBlocklist'> {
  /** The blocklist and the strength estimator, loaded on demand (null until they arrive). */
  tools: PasswordTools;
}

/** The details step's fields, given the password tools as they are. */
export function DetailsFields({ firstRef, email, password, tools, ...p }: DetailsFieldsProps) {
  const issues = passwordIssues(password, email);
  const rulesId = 'create-password-rules';
  const strengthId = 'create-password-strength';
  const { isBlocklisted, strength } = tools;
  // Unknown (null) until the blocklist has loaded: the rule shows as not met yet.
  const blocklisted = password === '' || isBlocklisted === null ? null : isBlocklisted(password, email);
  // An estimate takes ~6 ms for 17 characters and ~40 ms for 64 (dev laptop, more on a phone): it follows a
  // deferred copy of the password, so React renders each keystroke first and the meter when it has time.
  const estimated = useDeferredValue(password);
  const score = useMemo(
    () => (estimated === '' || strength === null ? null : strength(estimated, email)),
    [estimated, email, strength],
  );
  return (
    <>
      <p className="muted">{p.t('create.details.intro', { email })}</p>
      {/* The account's email, for password managers saving the new credentials. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        ref={firstRef}
        t={p.t}
        label={p.t('create.details.password')}
        name="new-password"
        autoComplete="new-password"
        required
        describedBy={`${strengthId} ${rulesId}`}
        value={password}
        onValueChange={(value) => {
          p.dispatch({ type: 'edit', field: 'password', value });
        }}
        error={p.errors['password']}
      />
      <PasswordStrength t={p.t} id={strengthId} score={score} />
      <PasswordRules
        t={p.t}
        id={rulesId}
        rules={[
          ...LIVE_PASSWORD_RULES.map((code): RuleState => ({
            key: `form.passwordRules.${code}`,
            met: password !== '' && !issues.includes(code),
          })),
          { key: 'form.passwordRules.notCommon', met: blocklisted === false },
        ]}
      />
      <PasswordField
        t={p.t}
        label={p.t('create.details.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={p.confirm}
        onValueChange={(value) => {
          p.dispatch({ type: 'edit', field: 'confirm', value });
        }}
        error={p.errors['confirm']}
      />
      {region.newsletterProductIds.length > 0 && (
        <Checkbox
          label={p.t('create.details.newsletter')}
          hint={p.t('create.details.newsletterHint')}
          name="newsletter"
          checked={p.newsletter}
          onCheckedChange={(value) => {
            p.dispatch({ type: 'setNewsletter', value });
          }}
        />
      )}
      <Legal t={p.t} />
      <div className="actions step-actions">
        <Back t={p.t} dispatch={p.dispatch} busy={p.busy} />
        <SubmitButton busy={p.busy} busyLabel={p.t('create.details.creating')} className="button primary">
          {p.t('create.details.submit')}
        </SubmitButton>
      </div>
    </>
  );
}

/** The terms and privacy links under the details step (the region's footer links). */
function Legal({ t }: { t: StepProps['t'] }) {
  const terms = region.footerLinks.find((l) => l.key === 'terms')?.href;
  const privacy = region.footerLinks.find((l) => l.key === 'privacy')?.href;
  return (
    <div className="legal muted">
      <p>{t('create.details.legal')}</p>
      <p className="links">
        {terms && (
          <a href={terms} target="_blank" rel="noopener">
            {t('footer.terms')}
          </a>
        )}
        {privacy && (
          <a href={privacy} target="_blank" rel="noopener">
            {t('footer.privacy')}
          </a>
        )}
      </p>
    </div>
  );
}
