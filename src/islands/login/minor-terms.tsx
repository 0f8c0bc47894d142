/**
 * 20256 at sign-in (spec §2 "terms for minors", §5 parent verification code,
 * §8): a minor's terms need a parent's agreement. The server emailed the
 * parent a 6-character code when it answered 20256; the dialog explains that,
 * takes the code (letters and digits; anything else is dropped as typed; it
 * sends itself when the sixth character is in), and can ask for the code
 * again. The code is checked by consent-by-parent with the consent location
 * (LAUNCHER when framed by the launcher, else WEB); a wrong code (20068) stays
 * in the dialog as error.form.invalid-code. Loaded by ./after-submit only
 * when a sign-in meets 20256: the login page ships none of it.
 */
import { useState, type SubmitEvent } from 'react';
import { consentTermsByParent, requestParentCode } from '../../client/api/terms';
import { openDialog, type CustomDialogApi } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { isAppMode } from '../../client/navigation/page';
import type { T } from '../../client/t';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useSubmit } from '../shared/use-submit';

/** Spec §5: exactly 6 letters or digits. */
export const PARENT_CODE_LENGTH = 6;

/** Spec §5: non-word characters (and anything but letters and digits) are stripped; at most 6 are kept. */
export function normaliseParentCode(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').slice(0, PARENT_CODE_LENGTH);
}

/** The wrong-code answer of consent-by-parent (spec §8): its text belongs on the field. */
const INVALID_CODE = '20068';

export type MinorTermsResult =
  /** The parent's code was accepted: the sign-in can complete. */
  | { readonly kind: 'consented' }
  /** Closed without a code. */
  | { readonly kind: 'cancelled' }
  /** A failure the sign-in's error handling shows (session expired, too many attempts…). */
  | { readonly kind: 'failed'; readonly error: ApiError };

/** What a code check came to, for the dialog: accepted, a text for the field, or the dialog closes with it. */
export type CheckOutcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'inline'; readonly code: string }
  | { readonly kind: 'failed'; readonly error: ApiError };

export interface MinorTermsBodyProps {
  t: T;
  api: CustomDialogApi<MinorTermsResult>;
  check: (code: string) => Promise<CheckOutcome>;
  /** Asks for the code again; resolves with an error code, or undefined when it was sent. */
  resend: () => Promise<string | undefined>;
}

export function MinorTermsBody({ t, api, check, resend }: MinorTermsBodyProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  // The check and the resend are each their own action; both answer an outcome rather than throwing. A check in
  // flight ignores the next (typing the code again must not send it twice).
  const checking = useSubmit();
  const sending = useSubmit();
  const busy = checking.busy;
  const [sent, setSent] = useState<string | undefined>(undefined);
  const [sendError, setSendError] = useState<string | undefined>(undefined);

  async function submit(value: string) {
    if (checking.busy) return;
    if (value.length < PARENT_CODE_LENGTH) {
      setFieldError(t('minor.terms.codeIncomplete'));
      return;
    }
    const outcome = await checking.run(async () => {
      setFieldError(undefined);
      return check(value);
    });
    if (outcome === undefined) return;
    if (outcome.kind === 'ok') api.close({ kind: 'consented' });
    else if (outcome.kind === 'failed') api.close({ kind: 'failed', error: outcome.error });
    else setFieldError(api.errorText(outcome.code).message);
  }

  async function onResend() {
    const failure = await sending.run(async () => {
      setSent(undefined);
      setSendError(undefined);
      // Wrapped: resend's undefined means sent, the hook's means a resend was already under way.
      return { code: await resend() };
    });
    if (failure === undefined) return;
    if (failure.code === undefined) setSent(t('minor.terms.resent'));
    else setSendError(api.errorText(failure.code).message);
  }

  return (
    <form
      noValidate
      onSubmit={(e: SubmitEvent<HTMLFormElement>) => {
        e.preventDefault();
        void submit(code);
      }}
    >
      <h2 id={api.titleId}>{t('minor.terms.title')}</h2>
      <div id={api.descriptionId}>
        <p>{t('minor.terms.body')}</p>
        <p className="muted">{t('minor.terms.where')}</p>
      </div>
      <TextField
        label={t('minor.terms.codeLabel')}
        hint={t('minor.terms.codeHint')}
        value={code}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        // No maxLength: a pasted "AB-12-CD" would be cut before its dashes are dropped.
        className="code-input"
        data-autofocus
        error={fieldError}
        onValueChange={(raw) => {
          const value = normaliseParentCode(raw);
          setCode(value);
          setFieldError(undefined);
          // Spec §5: the code sends itself once complete.
          if (value.length === PARENT_CODE_LENGTH && value !== code) void submit(value);
        }}
      />
      <p>
        <button type="button" className="button link" disabled={sending.busy} onClick={() => void onResend()}>
          {sending.busy ? t('minor.terms.resending') : t('minor.terms.resend')}
        </button>
      </p>
      <p className="status-line" role="status">
        {sent ?? ''}
      </p>
      {sendError !== undefined && (
        <p className="field-error" role="alert">
          {sendError}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => api.close({ kind: 'cancelled' })}>
          {t('dialog.cancel')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('minor.terms.checking')} className="button primary">
          {t('minor.terms.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The consent location of spec §9: the launcher when the portal is framed by it, else the web. */
export function consentLocation(): 'LAUNCHER' | 'WEB' {
  return isAppMode() ? 'LAUNCHER' : 'WEB';
}

async function checkParentCode(code: string): Promise<CheckOutcome> {
  const [error] = await settle(consentTermsByParent(consentLocation(), code));
  if (!error) return { kind: 'ok' };
  if (!error.navigating && error.code === INVALID_CODE) return { kind: 'inline', code: error.code };
  return { kind: 'failed', error };
}

async function resendParentCode(): Promise<string | undefined> {
  const [error] = await settle(requestParentCode());
  return error?.code;
}

/** Opens the dialog in the page's dialog host; resolves when the parent's code was accepted or the minor gave up. */
export function askParentConsent(t: T): Promise<MinorTermsResult> {
  return openDialog<MinorTermsResult>({
    kind: 'custom',
    cancelResult: { kind: 'cancelled' },
    render: (api) => <MinorTermsBody t={t} api={api} check={checkParentCode} resend={resendParentCode} />,
  });
}
