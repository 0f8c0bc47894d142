/**
 * The two buttons of a custom dialog that asks yes or no: "no" closes it with
 * false, "yes" (the primary action, focused first) with true.
 */
import type { CustomDialogApi } from '../../client/dialogs/queue';

export interface DialogAnswersProps {
  api: CustomDialogApi<boolean>;
  noLabel: string;
  yesLabel: string;
}

export function DialogAnswers({ api, noLabel, yesLabel }: DialogAnswersProps) {
  return (
    <div className="modal-actions">
      <button
        type="button"
        className="button"
        onClick={() => {
          api.close(false);
        }}
      >
        {noLabel}
      </button>
      <button
        type="button"
        className="button primary"
        data-autofocus
        onClick={() => {
          api.close(true);
        }}
      >
        {yesLabel}
      </button>
    </div>
  );
}
