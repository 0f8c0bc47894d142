/**
 * The kit's sign-in form (staff console, support-desk sign-in, add-child sign-in): a heading, what the island puts
 * under it (intro, status, error), an identifier and a password field, the island's own further fields, the
 * visible captcha when the configuration or a 20072 asks for it, and the submit button. The form checks what every
 * such form checks in the same order (identifier, password, then the captcha), moves focus to the first missing
 * field, and only then calls `onSubmit`; the island keeps its strings, its calls and what it does with the answer.
 * It posts natively before hydration (method="post"; docs/security.md "Forms before hydration").
 */
import { lazy, Suspense, useRef, useState, type FocusEventHandler, type ReactNode, type SubmitEvent } from 'react';
import type { T } from '../../client/t';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

// Loaded only when the configuration (or a 20072) asks for the visible captcha.
const CaptchaV2 = lazy(() => import('../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));

/** One of the two fields: its label, name, autocomplete and the text shown when it is left empty. */
export interface CredentialField {
  label: string;
  name: string;
  autoComplete: string;
  required: string;
  maxLength?: number;
}

export interface Credentials {
  id: string;
  password: string;
}

export interface SignInFormProps {
  t: T;
  headingId: string;
  heading: string;
  /** Under the heading: the intro, and the island's status and FormError. */
  top: ReactNode;
  idField: CredentialField & { type: 'email' | 'text' };
  passwordField: CredentialField;
  value: Credentials;
  onChange: (value: Credentials) => void;
  /** Fields after the password (the staff's authenticator code), shown with their errors once a submit was tried. */
  extraFields?: (showErrors: boolean) => ReactNode;
  /**
   * The player sign-ins' captcha state (`useStore($captcha, { keys: CAPTCHA_FORM_KEYS })`): the visible widget is
   * shown and required when it asks for it, with the island's label and missing-answer texts. Passed in, so a form
   * without a captcha (the staff's) loads no store and names no captcha string.
   */
  captcha?: { showCaptcha: boolean; v2Token: string | null; label: string; required: string };
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Runs once the identifier and password are given (and the captcha solved when shown). */
  onSubmit: () => void;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  /** After the submit button (a link to another way in). */
  bottom?: ReactNode;
}

export function SignInForm(props: SignInFormProps) {
  const { t, value, onChange } = props;
  const showCaptcha = props.captcha?.showCaptcha === true;
  const [showErrors, setShowErrors] = useState(false);
  const idRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const idMissing = value.id.trim() === '';
  const passwordMissing = value.password === '';
  const captchaMissing = showCaptcha && props.captcha?.v2Token === null;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.busy) return;
    setShowErrors(true);
    if (idMissing) {
      idRef.current?.focus();
      return;
    }
    if (passwordMissing) {
      passwordRef.current?.focus();
      return;
    }
    if (captchaMissing) return;
    props.onSubmit();
  }

  return (
    <form
      method="post"
      className="card"
      noValidate
      onSubmit={onSubmit}
      onFocus={props.onFocus}
      aria-labelledby={props.headingId}
    >
      <h1 id={props.headingId}>{props.heading}</h1>
      {props.top}
      <TextField
        ref={idRef}
        label={props.idField.label}
        name={props.idField.name}
        type={props.idField.type}
        autoComplete={props.idField.autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={props.idField.maxLength}
        required
        value={value.id}
        onValueChange={(id) => onChange({ ...value, id })}
        error={showErrors && idMissing ? props.idField.required : undefined}
      />
      <PasswordField
        ref={passwordRef}
        t={t}
        label={props.passwordField.label}
        name={props.passwordField.name}
        autoComplete={props.passwordField.autoComplete}
        maxLength={props.passwordField.maxLength}
        required
        value={value.password}
        onValueChange={(password) => onChange({ ...value, password })}
        error={showErrors && passwordMissing ? props.passwordField.required : undefined}
      />
      {props.extraFields?.(showErrors)}
      {showCaptcha && (
        <Suspense fallback={null}>
          <CaptchaV2
            label={props.captcha?.label ?? ''}
            error={showErrors && captchaMissing ? props.captcha?.required : undefined}
          />
        </Suspense>
      )}
      <SubmitButton busy={props.busy} busyLabel={props.busyLabel}>
        {props.submitLabel}
      </SubmitButton>
      {props.bottom}
    </form>
  );
}
