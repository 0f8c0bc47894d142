/**
 * The backup codes dialog (spec §2, §4 "Two-factor"): unverified, it asks for
 * the account password (8 to 128 characters); verified, it lists the codes
 * (8 digits shown as 4+4, used ones marked), generates a new set (which
 * invalidates the old one) and downloads them as a text file. The server
 * keeps only hashes: the digits come with a new set only, so that is when
 * they are shown and downloadable; later the list shows each code's place
 * and whether it was used, and a lost set is replaced by generating anew. A failed call
 * closes the dialog with the error: the caller shows the error dialog by code
 * (spec §8 "Backup-code failures show the error dialog by errorCode").
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { getBackupCodes, regenerateBackupCodes } from '../../../client/api/mfa';
import type { CustomDialogApi } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import type { T } from '../../../client/t';
import { backupCodesPasswordSchema } from '../../../shared/validation/code';
import { issueKey } from '../../../shared/validation/issue-key';
import { PasswordField } from '../../shared/PasswordField';
import { SubmitButton } from '../../shared/SubmitButton';
import {
  BACKUP_CODES_FILE_NAME,
  backupCodesFile,
  formatBackupCode,
  hasDigits,
  type BackupCodeView,
} from './backup-codes';
import { useSubmit } from '../../shared/use-submit';

export type BackupCodesResult = { readonly kind: 'closed' } | { readonly kind: 'failed'; readonly error: ApiError };

export interface BackupCodesDialogProps {
  t: T;
  api: CustomDialogApi<BackupCodesResult>;
  /** The account's email, written into the downloaded file. */
  email: string | undefined;
  /** The page language, for the file's date. */
  lang: string;
}

type Phase =
  | { readonly kind: 'password' }
  | { readonly kind: 'codes'; readonly codes: readonly BackupCodeView[] }
  | { readonly kind: 'confirm-new'; readonly codes: readonly BackupCodeView[] };

export function BackupCodesDialog({ t, api, email, lang }: BackupCodesDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, run } = useSubmit();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const check = backupCodesPasswordSchema.safeParse(password);
  const passwordError =
    touched && !check.success ? t(issueKey(check.error.issues, 'error.input.backup-password-length')) : undefined;

  // Each phase starts at its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (phase.kind !== 'password') headingRef.current?.focus();
  }, [phase.kind]);

  const fail = (error: ApiError) => {
    api.close({ kind: 'failed', error });
  };

  async function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!check.success || busy) return;
    const settled = await run(() => settle(getBackupCodes(check.data)));
    if (settled === undefined) return;
    const [error, result] = settled;
    if (error) fail(error);
    else setPhase({ kind: 'codes', codes: result.backupCodes });
  }

  async function generate() {
    if (busy || !check.success) return;
    const settled = await run(() => settle(regenerateBackupCodes(check.data)));
    if (settled === undefined) return;
    const [error, result] = settled;
    if (error) fail(error);
    else setPhase({ kind: 'codes', codes: result.backupCodes });
  }

  function download(codes: readonly BackupCodeView[]) {
    const text = backupCodesFile(codes, {
      title: t('mfa.backupCodes.fileTitle'),
      intro: t('mfa.backupCodes.fileIntro'),
      usedMarker: t('mfa.backupCodes.used'),
      account: email,
      created: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date()),
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE_NAME;
    link.click();
    // The click has started the download; the URL is released once the browser has read it.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 10_000);
  }

  const close = () => {
    api.close({ kind: 'closed' });
  };

  if (phase.kind === 'password') {
    return (
      <form noValidate onSubmit={(e) => void onPassword(e)}>
        <h2 id={api.titleId}>{t('mfa.backupCodes.title')}</h2>
        <p id={api.descriptionId}>{t('mfa.backupCodes.passwordIntro')}</p>
        <PasswordField
          t={t}
          label={t('mfa.backupCodes.passwordLabel')}
          autoComplete="current-password"
          value={password}
          data-autofocus
          onValueChange={(v) => {
            setPassword(v);
          }}
          onBlur={() => {
            setTouched(true);
          }}
          error={passwordError}
        />
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('dialog.cancel')}
          </button>
          <SubmitButton busy={busy} busyLabel={t('mfa.backupCodes.loading')} className="button primary">
            {t('mfa.backupCodes.show')}
          </SubmitButton>
        </div>
      </form>
    );
  }

  if (phase.kind === 'confirm-new') {
    return (
      <>
        <h2 id={api.titleId} ref={headingRef} tabIndex={-1}>
          {t('mfa.backupCodes.newTitle')}
        </h2>
        <p id={api.descriptionId}>{t('mfa.backupCodes.newWarning')}</p>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setPhase({ kind: 'codes', codes: phase.codes });
            }}
          >
            {t('mfa.backupCodes.keep')}
          </button>
          <button
            type="button"
            className="button primary"
            aria-disabled={busy || undefined}
            onClick={() => void generate()}
          >
            {busy && <span className="spinner small" aria-hidden="true" />}
            <span>{t('mfa.backupCodes.generate')}</span>
          </button>
        </div>
      </>
    );
  }

  const unused = phase.codes.filter((c) => !c.used).length;
  const shown = hasDigits(phase.codes);
  return (
    <>
      <h2 id={api.titleId} ref={headingRef} tabIndex={-1}>
        {t('mfa.backupCodes.title')}
      </h2>
      <div id={api.descriptionId}>
        <p>{t(shown ? 'mfa.backupCodes.freshIntro' : 'mfa.backupCodes.hiddenIntro')}</p>
        <p className="muted">{t('mfa.backupCodes.remaining', { count: unused, total: phase.codes.length })}</p>
      </div>
      <ul className="codes-list" aria-label={t('mfa.backupCodes.listLabel')}>
        {phase.codes.map((c) => (
          <li key={c.position} className={c.used ? 'used' : undefined}>
            <span className="muted">{String(c.position)}. </span>
            {c.backupCode === null ? (
              <>
                <span className="code" aria-hidden="true">
                  •••• ••••
                </span>
                <span className="visually-hidden">{t('mfa.backupCodes.hiddenCode')}</span>
              </>
            ) : (
              <span className="code">{formatBackupCode(c.backupCode)}</span>
            )}
            {c.used && <span> ({t('mfa.backupCodes.used')})</span>}
          </li>
        ))}
      </ul>
      <div className="modal-actions">
        {shown && (
          <button
            type="button"
            className="button"
            onClick={() => {
              download(phase.codes);
            }}
          >
            {t('mfa.backupCodes.download')}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            setPhase({ kind: 'confirm-new', codes: phase.codes });
          }}
        >
          {t('mfa.backupCodes.generate')}
        </button>
        <button type="button" className="button primary" onClick={close}>
          {t('mfa.backupCodes.done')}
        </button>
      </div>
    </>
  );
}
