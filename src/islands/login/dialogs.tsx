/**
 * The sign-in flow's own dialogs (spec §2 "App shell and dialogs"), rendered
 * inside the one DialogHost as custom dialogs: trusted device add (name
 * prefilled with the server's suggestion; the remember-me variant has "ask me
 * later"), terms reconsent (20255), legacy email (20211) and legacy support
 * (20184). Each resolves the dialog with the player's answer; the caller makes
 * the calls.
 */
import { useState, type SubmitEvent } from 'react';
import region from '@region';
import type { CustomDialogApi } from '../../client/dialogs/queue';
import { hrefTo } from '../../client/navigation/browser';
import type { T } from '../../client/t';
import { DialogAnswers } from '../shared/DialogAnswers';
import { deviceNameSchema } from '../../shared/validation/device-name';
import { issueKey } from '../../shared/validation/issue-key';
import { TextField } from '../shared/TextField';
import { SubmitButton } from '../shared/SubmitButton';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

/** Spec §9: the support mailbox subject for the legacy-support dialog. */
export const SUPPORT_MAIL_SUBJECT = 'Support - Email Required Account';

/** R: what the dialog resolves with (true/false for the yes-or-no bodies, nothing for legacy support). */
interface BodyProps<R> {
  t: T;
  api: CustomDialogApi<R>;
}

/** Resolves true when the device was added, false for "ask me later". */
export interface TrustedDeviceBodyProps extends BodyProps<boolean> {
  suggestion: string;
  /** Adds the device; resolves with an error code, or undefined when it worked. */
  add: (name: string) => Promise<string | undefined>;
  /** Text of an error code (spec §8 resolution). */
  errorText: (code: string) => string;
}

export function TrustedDeviceBody({ t, api, suggestion, add, errorText }: TrustedDeviceBodyProps) {
  const [name, setName] = useState(suggestion);
  const [touched, setTouched] = useState(false);
  // `add` answers a code rather than throwing: the hook holds the busy state, the code its text.
  const { busy, code: failure, setCode: setFailure, run } = useSubmit();
  const check = deviceNameSchema.safeParse(name);
  const invalid = check.success ? undefined : issueKey(check.error.issues, 'error.input.trusted-device-name');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    // Spec §5: the dialog is not confirmed while the name is invalid.
    if (!check.success || busy) return;
    const name = check.data;
    // Wrapped: add's undefined means added, the hook's means an add was already under way.
    const added = await run(async () => ({ code: await add(name) }));
    if (added === undefined) return;
    if (added.code === undefined) api.close(true);
    else setFailure(added.code);
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id={api.titleId}>{t('login.trustedDevice.title')}</h2>
      <p id={api.descriptionId}>{t('login.trustedDevice.body')}</p>
      <TextField
        label={t('login.trustedDevice.nameLabel')}
        value={name}
        maxLength={160}
        autoComplete="off"
        onValueChange={(v) => {
          setName(v);
          setFailure(undefined);
        }}
        onBlur={() => {
          setTouched(true);
        }}
        error={failure !== undefined ? errorText(failure) : touched && invalid !== undefined ? t(invalid) : undefined}
      />
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            api.close(false);
          }}
        >
          {t('login.trustedDevice.later')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('login.trustedDevice.adding')} className="button primary">
          {t('login.trustedDevice.add')}
        </SubmitButton>
      </div>
    </form>
  );
}

export function TermsBody({ t, api }: BodyProps<boolean>) {
  const terms = region.footerLinks.find((l) => l.key === 'terms')?.href;
  const privacy = region.footerLinks.find((l) => l.key === 'privacy')?.href;
  return (
    <>
      <h2 id={api.titleId}>{t('login.terms.title')}</h2>
      <p id={api.descriptionId}>{t('login.terms.body')}</p>
      <ul className="dialog-links">
        {terms && (
          <li>
            <a href={terms} target="_blank" rel="noopener">
              {t('login.terms.termsLink')}
            </a>
          </li>
        )}
        {privacy && (
          <li>
            <a href={privacy} target="_blank" rel="noopener">
              {t('login.terms.privacyLink')}
            </a>
          </li>
        )}
      </ul>
      <DialogAnswers api={api} noLabel={t('login.terms.decline')} yesLabel={t('login.terms.accept')} />
    </>
  );
}

export function LegacyEmailBody({ t, api, email }: BodyProps<boolean> & { email: string }) {
  return (
    <>
      <h2 id={api.titleId}>{t('login.legacyEmail.title')}</h2>
      <p id={api.descriptionId}>{t('login.legacyEmail.body', { email })}</p>
      <DialogAnswers api={api} noLabel={t('dialog.cancel')} yesLabel={t('login.legacyEmail.confirm')} />
    </>
  );
}

export function LegacySupportBody({ t, api, code }: BodyProps<undefined> & { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <h2 id={api.titleId}>{t('login.legacySupport.title')}</h2>
      <p id={api.descriptionId}>{t('login.legacySupport.body', { subject: SUPPORT_MAIL_SUBJECT })}</p>
      <p className="legacy-code">
        <span className="muted">{t('login.legacySupport.codeLabel')}</span> <code>{code}</code>
      </p>
      <p aria-live="polite" className="muted">
        {copied ? t('login.legacySupport.copied') : ''}
      </p>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard.writeText(code).then(() => {
              setCopied(true);
            });
          }}
        >
          {t('login.legacySupport.copy')}
        </button>
        <a className="button" href={region.supportUrl} target="_blank" rel="noopener">
          {t('login.legacySupport.contact')}
        </a>
        {/* The player can also move the account to a new email ID without support (create-legacy, docs/legacy.md). */}
        <a className="button" href={hrefTo(routes.createLegacy)}>
          {t('createLegacy.offer.link')}
        </a>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            api.close();
          }}
        >
          {t('dialog.close')}
        </button>
      </div>
    </>
  );
}
