/**
 * The one accessible modal host for React islands (spec §2 "App shell and
 * dialogs"): a native <dialog> opened with showModal (the rest of the page
 * becomes inert), Tab kept inside, Escape acting as cancel, focus returned to
 * the element that had it when the dialog was requested. It shows the first
 * request of the dialog queue; an island mounts it with its own strings
 * (src/islands/shared/LazyDialogHost.tsx).
 *
 * Dialogs show §8 error texts, which the page fetches with its first error
 * (src/client/errors/texts.ts): the host asks for them when it mounts and
 * opens its first dialog once they have loaded or failed, so a dialog never
 * shows the general message that its own text would replace a moment later.
 * After a failure a code gets the general message with the code.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { resolveErrorText } from '../../shared/errors/catalogue';
import { $errorTexts, errorTextSources, loadErrorTexts, shownErrorText } from '../errors/texts';
import { isAppMode } from '../host/launcher-bridge';
import { createT, hasKey, type Strings } from '../t';
import { DialogBody } from './bodies';
import { returnFocus, trapTab } from './focus';
import { $dialogs, cancelResult, resolveDialog } from './queue';
import { contactSupport, supportUrl } from './support';

/**
 * The opener outside any dialog of the dialogs shown in a row (an offer, then its outcome): a dialog asked for from
 * a dialog's button returns focus here, since that button went away with its dialog. Module state: the host
 * unmounts between two dialogs of a row.
 */
let outerOpener: HTMLElement | null = null;

/** Where focus goes when the dialog `opener` asked for closes. */
function focusTarget(opener: Element | null): HTMLElement | null {
  if (!(opener instanceof HTMLElement)) return null;
  const outside = opener.isConnected && opener.closest('dialog') === null;
  if (outside) outerOpener = opener;
  return outside ? opener : outerOpener;
}

export interface DialogHostProps {
  readonly strings: Strings;
}

export function DialogHost({ strings }: DialogHostProps) {
  const queue = useStore($dialogs);
  const texts = useStore($errorTexts);
  // Once settled, the host stays open: a later retry after a failure (an island's next error) must not hide a dialog.
  const [settled, setSettled] = useState(false);
  if (!settled && (texts.status === 'ready' || texts.status === 'failed')) setSettled(true);
  const current = settled ? queue[0] : undefined;
  const ref = useRef<HTMLDialogElement>(null);
  const sources = useMemo(() => errorTextSources(strings, texts), [strings, texts]);
  const t = useMemo(() => createT(...sources), [sources]);
  const has = useMemo(() => (key: string) => sources.some((s) => hasKey(s, key)), [sources]);
  const launcher = isAppMode();
  const errorText = useMemo(
    () => (code: string) => shownErrorText(sources, code, { launcher }, resolveErrorText),
    [sources, launcher],
  );
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-desc`;
  const currentId = current?.id;
  const opener = current?.opener ?? null;

  useEffect(() => {
    // Not after a failure: the page's next error tries again (src/islands/shared/error-message.ts).
    if ($errorTexts.get().status === 'idle') void loadErrorTexts();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || currentId === undefined) return undefined;
    const returnTo = focusTarget(opener);
    if (!el.open) el.showModal();
    // showModal focuses the first control; a body may name a better first stop (the one safe action), else the
    // first control stays focused (Cancel in a confirm: the least destructive choice).
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (el.open) el.close();
      // Return focus to the control that asked for the dialog (once it is enabled again), if it is still on the page.
      returnFocus(returnTo);
    };
  }, [currentId, opener]);

  if (!current) return null;
  const close = (result?: unknown) => {
    resolveDialog(current.id, result);
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: close like the cancel button, through the queue (not the browser's own close).
        event.preventDefault();
        close(cancelResult(current.spec));
      }}
      onKeyDown={(event) => {
        if (ref.current) trapTab(ref.current, event);
      }}
    >
      <DialogBody
        key={current.id}
        spec={current.spec}
        t={t}
        has={has}
        errorText={errorText}
        titleId={titleId}
        descriptionId={descriptionId}
        close={close}
        launcher={launcher}
        supportUrl={supportUrl()}
        onContactSupport={contactSupport}
      />
    </dialog>
  );
}

export default DialogHost;
