/**
 * The dialog of a staff action (docs/staff-console.md "Actions"): a modal <dialog> (the browser keeps focus inside
 * and Escape closes it), the written reason every action needs, and the action's own choice (a ban reason, the
 * identity check done). The reason is checked here as the API checks it (STAFF_LIMITS), and the API's refusal is
 * shown in the dialog by its code.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { Strings, T } from '../../client/t';
import { STAFF_LIMITS } from '../../shared/staff/roles';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { useSubmit } from '../shared/use-submit';

export interface Choice {
  label: string;
  options: readonly { value: string; label: string }[];
}

export interface ActionDialogProps {
  t: T;
  strings: Strings;
  title: string;
  /** The action's own choice (ban reason, identity check), if it has one. */
  choice?: Choice | undefined;
  /** Runs the action; resolves with the refusal's code, or undefined when it was done. */
  onConfirm: (reason: string, choice: string | undefined) => Promise<string | undefined>;
  onClose: () => void;
  children?: ReactNode;
}

export function ActionDialog({ t, strings, title, choice, onConfirm, onClose, children }: ActionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState(choice?.options[0]?.value);
  const [showErrors, setShowErrors] = useState(false);
  const { busy, code: failure, setCode: setFailure, run } = useSubmit();
  const error = useErrorText(strings, failure);
  const length = reason.trim().length;
  const reasonOk = length >= STAFF_LIMITS.reasonMin && length <= STAFF_LIMITS.reasonMax;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (!reasonOk) {
      document.getElementById(`${ids}-reason`)?.focus();
      return;
    }
    // Wrapped: onConfirm's undefined means done, the hook's means a run was already under way.
    const done = await run(async () => ({ code: await onConfirm(reason.trim(), picked) }));
    if (done === undefined) return;
    if (done.code === undefined) onClose();
    else setFailure(done.code);
  }

  const reasonError = showErrors && !reasonOk;
  return (
    <dialog
      ref={ref}
      className="dialog staff-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(e) => {
        // Escape: the dialog closes through React state, so the island stays the one source of what is open.
        e.preventDefault();
        onClose();
      }}
    >
      <form method="dialog" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id={`${ids}-title`}>{title}</h2>
        {children}
        <FormError message={error?.message} />
        {choice !== undefined && (
          <div className="field">
            <label htmlFor={`${ids}-choice`}>{choice.label}</label>
            <select id={`${ids}-choice`} value={picked} onChange={(e) => setPicked(e.currentTarget.value)}>
              {choice.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${ids}-reason`}>{t('staff.action.reason')}</label>
          <p id={`${ids}-hint`} className="field-hint muted">
            {t('staff.action.reasonHint')}
          </p>
          <textarea
            id={`${ids}-reason`}
            name="reason"
            rows={3}
            maxLength={STAFF_LIMITS.reasonMax}
            required
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${ids}-hint ${ids}-error` : `${ids}-hint`}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {reasonError && (
            <p id={`${ids}-error`} className="field-error">
              {t('staff.action.reasonInvalid')}
            </p>
          )}
        </div>
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={onClose}>
            {t('staff.action.cancel')}
          </button>
          <SubmitButton busy={busy} busyLabel={t('staff.frame.loading')} className="button primary">
            {t('staff.action.confirm')}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
