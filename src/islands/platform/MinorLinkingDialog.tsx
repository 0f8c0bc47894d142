/**
 * The minor-linking dialog (spec §2 dialogs, §4: toggles between the notice
 * and delink views). Notice: the console is linked to a minor's account; a
 * parent or guardian must consent (parent-consent-required), or the link can
 * be removed. Delink: confirms, then calls DELETE /no-auth/ial/delink/minor-console.
 * Opens in the page's dialog host (focus trap, Escape closes like cancel).
 */
import { useState } from 'react';
import type { CustomDialogApi } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import type { T } from '../../client/t';
import { useSubmit } from '../shared/use-submit';
import { platformCalls } from './calls';

/** What the dialog ends with: the player's choice, or the delink call's outcome. */
export type MinorLinkingResult =
  { kind: 'closed' } | { kind: 'parent-consent' } | { kind: 'delinked' } | { kind: 'failed'; error: ApiError };

export interface MinorLinkingDialogProps {
  t: T;
  api: CustomDialogApi<MinorLinkingResult>;
  platformName: string;
}

export function MinorLinkingDialog({ t, api, platformName }: MinorLinkingDialogProps) {
  const [view, setView] = useState<'notice' | 'delink'>('notice');
  const { busy, run } = useSubmit();

  async function delink() {
    // The call alone: its failure closes the dialog with the error, for the page to show.
    const settled = await run(async () => settle((await platformCalls()).delinkMinorConsole()));
    if (settled === undefined) return;
    const [error] = settled;
    api.close(error ? { kind: 'failed', error } : { kind: 'delinked' });
  }

  if (view === 'delink')
    return (
      <>
        <h2 id={api.titleId}>{t('minorLinking.delink.title')}</h2>
        <p id={api.descriptionId}>{t('minorLinking.delink.body', { platform: platformName })}</p>
        <div className="modal-actions">
          <button type="button" className="button" disabled={busy} onClick={() => setView('notice')}>
            {t('minorLinking.delink.back')}
          </button>
          <button type="button" className="button primary" data-autofocus disabled={busy} onClick={() => void delink()}>
            {t('minorLinking.delink.confirm')}
          </button>
        </div>
      </>
    );
  return (
    <>
      <h2 id={api.titleId}>{t('minorLinking.notice.title')}</h2>
      <p id={api.descriptionId}>{t('minorLinking.notice.body', { platform: platformName })}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => api.close({ kind: 'closed' })}>
          {t('minorLinking.notice.close')}
        </button>
        <button type="button" className="button" onClick={() => setView('delink')}>
          {t('minorLinking.notice.delink')}
        </button>
        <button
          type="button"
          className="button primary"
          data-autofocus
          onClick={() => api.close({ kind: 'parent-consent' })}
        >
          {t('minorLinking.notice.parent')}
        </button>
      </div>
    </>
  );
}
