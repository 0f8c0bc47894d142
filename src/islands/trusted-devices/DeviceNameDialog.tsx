/**
 * The trusted-device name dialog (spec §2, §5): add (name prefilled with the
 * server's suggestion), confirm (after a sign-in verification that trusted
 * the device: the rename is skipped when the name is unchanged or the player
 * declines) and edit. The name must be 1 to 128 characters; the spec's three
 * messages say what is wrong, and the dialog does not confirm while invalid.
 */
import { useState, type SubmitEvent } from 'react';
import type { CustomDialogApi } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import type { T } from '../../client/t';
import { deviceNameError } from './name-rules';
import { TextField } from '../shared/TextField';
import { useSubmit } from '../shared/use-submit';

export type DeviceNameVariant = 'add' | 'confirm' | 'edit';

/** What the caller's save did: done, a code to show in the dialog, or an error the caller handles after closing. */
export type SaveResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'inline'; readonly code: string }
  | { readonly kind: 'failed'; readonly error: ApiError };

/** What the dialog resolves with. */
export type DeviceNameResult =
  | { readonly kind: 'saved'; readonly name: string }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'failed'; readonly error: ApiError };

export interface DeviceNameDialogProps {
  t: T;
  api: CustomDialogApi<DeviceNameResult>;
  variant: DeviceNameVariant;
  initialName: string;
  save: (name: string) => Promise<SaveResult>;
  /** Text of an error code (spec §8 resolution). */
  errorText: (code: string) => string;
}

export function DeviceNameDialog({ t, api, variant, initialName, save, errorText }: DeviceNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const { busy, run } = useSubmit();
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const invalidKey = deviceNameError(name);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (invalidKey !== undefined || busy) return;
    const trimmed = name.trim();
    // Spec §4 step 7: an unchanged name is not sent again.
    if (variant !== 'add' && trimmed === initialName.trim()) {
      api.close({ kind: 'skipped' });
      return;
    }
    const result = await run(() => save(trimmed));
    if (result === undefined) return;
    if (result.kind === 'done') api.close({ kind: 'saved', name: trimmed });
    else if (result.kind === 'inline') setFailure(errorText(result.code));
    else api.close({ kind: 'failed', error: result.error });
  }

  const shownError = failure ?? (touched && invalidKey !== undefined ? t(invalidKey) : undefined);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id={api.titleId}>{t(`trustedDevices.nameDialog.${variant}.title`)}</h2>
      <p id={api.descriptionId}>{t(`trustedDevices.nameDialog.${variant}.body`)}</p>
      <TextField
        label={t('trustedDevices.nameDialog.label')}
        hint={t('trustedDevices.nameDialog.hint')}
        value={name}
        autoComplete="off"
        data-autofocus
        onValueChange={(v) => {
          setName(v);
          setTouched(true);
          setFailure(undefined);
        }}
        error={shownError}
      />
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            api.close({ kind: 'skipped' });
          }}
        >
          {t(variant === 'confirm' ? 'trustedDevices.nameDialog.skip' : 'dialog.cancel')}
        </button>
        {/* Spec §5: not confirmed while invalid — the button says so and the submit is refused. */}
        <button
          type="submit"
          className="button primary"
          aria-disabled={busy || (touched && invalidKey !== undefined) || undefined}
        >
          {busy && <span className="spinner small" aria-hidden="true" />}
          <span>{t(`trustedDevices.nameDialog.${variant}.submit`)}</span>
          <span className="visually-hidden" aria-live="polite">
            {busy ? t('trustedDevices.nameDialog.saving') : ''}
          </span>
        </button>
      </div>
    </form>
  );
}
