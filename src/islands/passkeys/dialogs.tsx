/**
 * The passkey dialogs, loaded with the first action (page budget): the name
 * dialog (a new passkey's name, prefilled with the browser and system; a
 * rename) and the removal confirmation. Names follow the device-name rule of
 * spec §5 (1–128 characters of text), as the API does.
 */
import { useState, type SubmitEvent } from 'react';
import { confirmDialog, openDialog, type CustomDialogApi } from '../../client/dialogs/queue';
import type { T } from '../../client/t';
import { deviceNameError } from '../trusted-devices/name-rules';
import { TextField } from '../shared/TextField';

interface NameDialogProps {
  t: T;
  api: CustomDialogApi<string | null>;
  initialName: string;
}

function NameDialog({ t, api, initialName }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const invalid = deviceNameError(name);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (invalid === undefined) api.close(name.trim());
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <h2 id={api.titleId}>{t('passkeys.name.title')}</h2>
      <TextField
        label={t('passkeys.name.label')}
        hint={t('passkeys.name.hint')}
        value={name}
        autoComplete="off"
        data-autofocus
        onValueChange={(v) => {
          setName(v);
          setTouched(true);
        }}
        error={touched && invalid !== undefined ? t(nameErrorKey(invalid)) : undefined}
      />
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            api.close(null);
          }}
        >
          {t('dialog.cancel')}
        </button>
        <button
          type="submit"
          className="button primary"
          aria-disabled={(touched && invalid !== undefined) || undefined}
        >
          {t('passkeys.name.save')}
        </button>
      </div>
    </form>
  );
}

/** The device-name rule's message keys, in this dialog's words. */
function nameErrorKey(key: string) {
  if (key.includes('length')) return 'passkeys.name.tooLong' as const;
  if (key === 'error.input.trusted-device-name') return 'passkeys.name.required' as const;
  return 'passkeys.name.invalid' as const;
}

/** Resolves with the trimmed name, or null when the player cancels. */
export function askPasskeyName(t: T, initialName: string): Promise<string | null> {
  return openDialog<string | null>({
    kind: 'custom',
    cancelResult: null,
    render: (api) => <NameDialog t={t} api={api} initialName={initialName} />,
  });
}

export function confirmRemovePasskey(name: string): Promise<boolean> {
  return confirmDialog({
    titleKey: 'passkeys.removeTitle',
    messageKey: 'passkeys.removeBody',
    messageVars: { name },
    confirmKey: 'passkeys.removeConfirm',
  });
}
