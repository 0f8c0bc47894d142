/**
 * The set-primary-method dialog (spec §2, §4 "Two-factor"): a radio group of
 * the enabled methods; saving makes the chosen one the default asked for
 * first at sign-in.
 */
import { useState, type SubmitEvent } from 'react';
import { setPrimaryAuthType } from '../../../client/api/mfa';
import type { CustomDialogApi } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import type { T } from '../../../client/t';
import type { SecondFactor } from '../../settings/two-factor';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmit } from '../../shared/use-submit';

export type SetPrimaryResult =
  | { readonly kind: 'saved'; readonly method: SecondFactor }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: ApiError };

export interface SetPrimaryDialogProps {
  t: T;
  api: CustomDialogApi<SetPrimaryResult>;
  methods: readonly SecondFactor[];
  current: SecondFactor | undefined;
}

export function SetPrimaryDialog({ t, api, methods, current }: SetPrimaryDialogProps) {
  const [choice, setChoice] = useState<SecondFactor | undefined>(current ?? methods[0]);
  const { busy, run } = useSubmit();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || choice === undefined) return;
    if (choice === current) {
      api.close({ kind: 'cancelled' });
      return;
    }
    const settled = await run(() => settle(setPrimaryAuthType({ authType: choice })));
    if (settled === undefined) return;
    const [error] = settled;
    api.close(error ? { kind: 'failed', error } : { kind: 'saved', method: choice });
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id={api.titleId}>{t('mfa.primary.title')}</h2>
      <p id={api.descriptionId}>{t('mfa.primary.body')}</p>
      <fieldset className="radio-list">
        <legend>{t('mfa.primary.legend')}</legend>
        {methods.map((method) => (
          <div className="radio" key={method}>
            <input
              type="radio"
              id={`primary-${method}`}
              name="primary-method"
              value={method}
              checked={choice === method}
              data-autofocus={choice === method ? true : undefined}
              onChange={() => {
                setChoice(method);
              }}
            />
            <label htmlFor={`primary-${method}`}>{t(`mfa.method.${method}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            api.close({ kind: 'cancelled' });
          }}
        >
          {t('dialog.cancel')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('mfa.primary.saving')} className="button primary">
          {t('mfa.primary.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
