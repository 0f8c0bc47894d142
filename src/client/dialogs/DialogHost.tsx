/**
 * The one accessible modal host for React islands (spec §2 "App shell and
 * dialogs"): a native <dialog> opened with showModal (the rest of the page
 * becomes inert), Tab kept inside, Escape acting as cancel, focus returned to
 * the element that had it when the dialog was requested. It shows the first
 * request of the dialog queue; mount one per page:
 *   <DialogHost client:idle strings={islandStrings(locale, dialogStringPrefixes(codes))} />
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { isAppMode } from '../host/launcher-bridge';
import { createT, hasKey, type Strings } from '../t';
import { DialogBody } from './bodies';
import { trapTab } from './focus';
import { $dialogs, cancelResult, resolveDialog } from './queue';
import { contactSupport, supportUrl } from './support';

export interface DialogHostProps {
  readonly strings: Strings;
}

export function DialogHost({ strings }: DialogHostProps) {
  const queue = useStore($dialogs);
  const current = queue[0];
  const ref = useRef<HTMLDialogElement>(null);
  const t = useMemo(() => createT(strings), [strings]);
  const has = useMemo(() => (key: string) => hasKey(strings, key), [strings]);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-desc`;
  const currentId = current?.id;
  const opener = current?.opener ?? null;

  useEffect(() => {
    const el = ref.current;
    if (!el || currentId === undefined) return undefined;
    if (!el.open) el.showModal();
    // showModal focuses the first control; a body may name a better first stop (the one safe action), else the
    // first control stays focused (Cancel in a confirm: the least destructive choice).
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (el.open) el.close();
      // Return focus to where it was when the dialog was asked for, if that element is still on the page.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
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
        titleId={titleId}
        descriptionId={descriptionId}
        close={close}
        launcher={isAppMode()}
        supportUrl={supportUrl()}
        onContactSupport={contactSupport}
      />
    </dialog>
  );
}

export default DialogHost;
