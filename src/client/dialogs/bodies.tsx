/**
 * The generic dialogs' bodies (spec §2): confirm, error, success, login
 * failed (one button), portal ban. Each gets the translator, the ids the
 * host's <dialog> points at, and `close`. Flow dialogs use CustomDialog.
 */
import type { ReactNode } from 'react';
import { banReasonKey, resolveErrorText } from '../../shared/errors/catalogue';
import type { ShownErrorText } from '../errors/texts';
import { keyOr, type T } from '../t';
import type { BanDialog, ConfirmDialog, DialogSpec, ErrorDialog, LoginFailedDialog, SuccessDialog } from './queue';

export interface BodyProps {
  /** Over the page's strings and its §8 error texts (the host shows nothing until those have loaded or failed). */
  readonly t: T;
  readonly has: (key: string) => boolean;
  /** The §8 text of a code, for custom dialogs (CustomDialogApi.errorText). */
  readonly errorText: (code: string) => ShownErrorText;
  readonly titleId: string;
  readonly descriptionId: string;
  readonly close: (result?: unknown) => void;
  /** Running in the launcher: the error text's launcher variant is preferred (spec §8, 20011). */
  readonly launcher: boolean;
  readonly supportUrl: string;
  readonly onContactSupport: () => void;
}

function Frame({
  title,
  titleId,
  children,
  actions,
}: {
  title: string;
  titleId: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="modal-actions">{actions}</div>
    </>
  );
}

function Confirm({ spec, t, has, titleId, descriptionId, close, launcher }: BodyProps & { spec: ConfirmDialog }) {
  // The code's §8 text, or the caller's own keys.
  const text =
    'code' in spec
      ? resolveErrorText(spec.code, has, { launcher })
      : {
          titleKey: spec.titleKey ?? 'dialog.confirm.title',
          messageKey: spec.messageKey,
          messageVars: spec.messageVars,
        };
  return (
    <Frame
      title={t(text.titleKey)}
      titleId={titleId}
      actions={
        <>
          <button type="button" className="button" onClick={() => close(false)}>
            {t(spec.cancelKey ?? 'dialog.cancel')}
          </button>
          <button type="button" className="button primary" onClick={() => close(true)}>
            {t(spec.confirmKey ?? 'dialog.ok')}
          </button>
        </>
      }
    >
      <p id={descriptionId}>{t(text.messageKey, text.messageVars)}</p>
    </Frame>
  );
}

function ErrorBody({
  spec,
  t,
  has,
  titleId,
  descriptionId,
  close,
  launcher,
  supportUrl,
}: BodyProps & { spec: ErrorDialog }) {
  const text = resolveErrorText(spec.code, has, { launcher });
  return (
    <Frame
      title={t(text.titleKey)}
      titleId={titleId}
      actions={
        <button type="button" className="button primary" data-autofocus onClick={() => close()}>
          {t('dialog.ok')}
        </button>
      }
    >
      <p id={descriptionId}>{t(text.messageKey, text.messageVars)}</p>
      {text.showSupport && (
        <p>
          <a href={supportUrl} target="_blank" rel="noopener">
            {t('error.support')}
          </a>
        </p>
      )}
    </Frame>
  );
}

function Success({ spec, t, titleId, descriptionId, close }: BodyProps & { spec: SuccessDialog }) {
  return (
    <Frame
      title={t(spec.titleKey ?? 'dialog.success.title')}
      titleId={titleId}
      actions={
        <button type="button" className="button primary" data-autofocus onClick={() => close()}>
          {t('dialog.ok')}
        </button>
      }
    >
      <p id={descriptionId}>{t(spec.messageKey ?? 'dialog.success.message', spec.messageVars)}</p>
    </Frame>
  );
}

function LoginFailed({
  spec,
  t,
  has,
  titleId,
  descriptionId,
  close,
  launcher,
}: BodyProps & { spec: LoginFailedDialog }) {
  const text = spec.code === undefined ? undefined : resolveErrorText(spec.code, has, { launcher });
  return (
    <Frame
      title={t('dialog.loginFailed.title')}
      titleId={titleId}
      actions={
        <button type="button" className="button primary" data-autofocus onClick={() => close()}>
          {t('dialog.loginFailed.button')}
        </button>
      }
    >
      <p id={descriptionId}>{text ? t(text.messageKey, text.messageVars) : t('dialog.loginFailed.message')}</p>
    </Frame>
  );
}

function Ban({ spec, t, has, titleId, descriptionId, close, onContactSupport }: BodyProps & { spec: BanDialog }) {
  // Only a reason the texts hold is shown; an unknown one gets the generic ban text.
  const reasonKey = keyOr(has, spec.reason === undefined ? '' : banReasonKey(spec.reason), 'error.modal.20100.desc');
  return (
    <Frame
      title={t('dialog.ban.title')}
      titleId={titleId}
      actions={
        <>
          <button type="button" className="button" onClick={() => close()}>
            {t('dialog.close')}
          </button>
          <button
            type="button"
            className="button primary"
            data-autofocus
            onClick={() => {
              close();
              onContactSupport();
            }}
          >
            {t('dialog.ban.contactSupport')}
          </button>
        </>
      }
    >
      <div id={descriptionId}>
        <p>{t(reasonKey)}</p>
        {spec.reason !== undefined && <p className="muted">{t('dialog.ban.reasonCode', { reason: spec.reason })}</p>}
      </div>
    </Frame>
  );
}

/** The body of a generic or custom dialog. */
export function DialogBody({ spec, ...props }: BodyProps & { spec: DialogSpec }) {
  switch (spec.kind) {
    case 'confirm':
      return <Confirm spec={spec} {...props} />;
    case 'error':
      return <ErrorBody spec={spec} {...props} />;
    case 'success':
      return <Success spec={spec} {...props} />;
    case 'login-failed':
      return <LoginFailed spec={spec} {...props} />;
    case 'ban':
      return <Ban spec={spec} {...props} />;
    case 'custom':
      return (
        <>
          {spec.render({
            t: props.t,
            has: props.has,
            errorText: props.errorText,
            titleId: props.titleId,
            descriptionId: props.descriptionId,
            close: props.close,
          })}
        </>
      );
  }
}
