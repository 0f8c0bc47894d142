/**
 * The dialog queue: any code (islands, handlers, the shell) opens a dialog by
 * pushing a request; the one DialogHost shows the first request as a modal
 * and resolves its promise when the user answers. Requests wait their turn,
 * so two errors never stack two modals.
 */
import { atom } from 'nanostores';
import type { ReactNode } from 'react';
import type { ShownErrorText } from '../errors/texts';
import type { MessageKey, T } from '../t';

export type TextVars = Readonly<Record<string, string | number>>;

interface ConfirmButtons {
  readonly kind: 'confirm';
  /** Default dialog.ok. */
  readonly confirmKey?: MessageKey;
  /** Default dialog.cancel. */
  readonly cancelKey?: MessageKey;
}
export type ConfirmDialog = ConfirmButtons &
  (
    | {
        readonly messageKey: MessageKey;
        readonly messageVars?: TextVars;
        /** Default dialog.confirm.title. */
        readonly titleKey?: MessageKey;
      }
    | {
        /** Title and message are this error code's §8 text (e.g. 20037: reset the password?). */
        readonly code: string;
      }
  );
export interface ErrorDialog {
  readonly kind: 'error';
  /** The error code; title and message come from the catalogue (spec §8), default code 00000. */
  readonly code: string | undefined;
}
export interface SuccessDialog {
  readonly kind: 'success';
  /** Default dialog.success.title / dialog.success.message. */
  readonly titleKey?: MessageKey;
  readonly messageKey?: MessageKey;
  readonly messageVars?: TextVars;
}
export interface LoginFailedDialog {
  readonly kind: 'login-failed';
  /** When given, the message is the code's text; otherwise dialog.loginFailed.message. */
  readonly code?: string;
}
export interface BanDialog {
  readonly kind: 'ban';
  /** Reason code 7000–7006 (spec §8, 20100); unknown reasons show the generic ban text. */
  readonly reason: string | undefined;
}
/**
 * What a custom dialog's body sees. R is what the dialog resolves with; close takes it (optional when R allows
 * undefined, as for a dialog that only has a Close button).
 */
export interface CustomDialogApi<R = undefined> {
  /** The page's strings and, once the host shows a dialog, its §8 error texts (src/client/errors/texts.ts). */
  readonly t: T;
  /** Whether the page's strings or error texts hold a key (for resolveErrorText). */
  readonly has: (key: string) => boolean;
  /** The §8 text of an error code (message, title, support link or not), in the launcher's variant when framed. */
  readonly errorText: (code: string) => ShownErrorText;
  /** Ids the dialog element points at with aria-labelledby / aria-describedby. */
  readonly titleId: string;
  readonly descriptionId: string;
  readonly close: (...result: undefined extends R ? [result?: R] : [result: R]) => void;
}
/**
 * Flow-specific dialogs render their own body inside the same accessible host
 * (an h2 with titleId, the text with descriptionId, buttons in .modal-actions;
 * `data-autofocus` marks the control to focus first).
 */
export interface CustomDialog<R = undefined> {
  readonly kind: 'custom';
  readonly render: (api: CustomDialogApi<R>) => ReactNode;
  /** What Escape resolves with; without it Escape resolves with undefined, so openDialog's result may be undefined. */
  readonly cancelResult?: R;
}

/** Omit over each member of a union (plain Omit would merge the members and lose which fields go together). */
type DistributiveOmit<U, K extends PropertyKey> = U extends unknown ? Omit<U, K> : never;

/** Queued custom dialogs of any result type: CustomDialog<R> is assignable to CustomDialog<unknown> for every R. */
export type DialogSpec =
  ConfirmDialog | ErrorDialog | SuccessDialog | LoginFailedDialog | BanDialog | CustomDialog<unknown>;

export interface DialogRequest {
  readonly id: number;
  readonly spec: DialogSpec;
  /** The element focused when the dialog was requested; focus returns to it on close. */
  readonly opener: Element | null;
  readonly resolve: (result: unknown) => void;
}

export const $dialogs = atom<readonly DialogRequest[]>([]);

let nextId = 1;

/**
 * The last control focused. A control that disables itself before it asks for a dialog (a busy button) has lost
 * focus by then in a browser: the dialog's opener is that control, not the page. Kept to a few bytes: it is in the
 * first load of every page; the dialog host sorts out the rest when focus returns (./DialogHost.tsx).
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target as Element;
  });

function openerNow(): Element | null {
  // No document outside a browser (server rendering, unit tests in node): no opener to go back to.
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active === document.body ? lastFocused : active;
}

/** Opens a dialog; resolves with true/false for confirm, with the close result for custom, else undefined. */
export function openDialog(spec: ConfirmDialog): Promise<boolean>;
export function openDialog(spec: ErrorDialog | SuccessDialog | LoginFailedDialog | BanDialog): Promise<undefined>;
/** A custom dialog resolves with what its body closes with, or its cancelResult on Escape. */
export function openDialog<R>(spec: CustomDialog<R> & { readonly cancelResult: R }): Promise<R>;
/** Without a cancelResult, Escape resolves with undefined. */
export function openDialog<R = undefined>(spec: CustomDialog<R>): Promise<R | undefined>;
export function openDialog(spec: DialogSpec): Promise<unknown> {
  return new Promise((resolve) => {
    const request: DialogRequest = { id: nextId++, spec, opener: openerNow(), resolve };
    $dialogs.set([...$dialogs.get(), request]);
  });
}

/** Closes a dialog with a result and shows the next one. Unknown ids are ignored (already closed). */
export function resolveDialog(id: number, result: unknown): void {
  const queue = $dialogs.get();
  const request = queue.find((r) => r.id === id);
  if (!request) return;
  $dialogs.set(queue.filter((r) => r.id !== id));
  request.resolve(result);
}

/** What Escape (cancel) resolves with: false for confirm, the custom cancel result, else undefined. */
export function cancelResult(spec: DialogSpec): unknown {
  if (spec.kind === 'confirm') return false;
  if (spec.kind === 'custom') return spec.cancelResult;
  return undefined;
}

/** Convenience wrappers. */
export const confirmDialog = (spec: DistributiveOmit<ConfirmDialog, 'kind'>) =>
  openDialog({ kind: 'confirm', ...spec });
export const errorDialog = (code: string | undefined) => openDialog({ kind: 'error', code });
export const successDialog = (spec: Omit<SuccessDialog, 'kind'> = {}) => openDialog({ kind: 'success', ...spec });
export const loginFailedDialog = (code?: string) =>
  openDialog(code === undefined ? { kind: 'login-failed' } : { kind: 'login-failed', code });
export const banDialog = (reason: string | undefined) => openDialog({ kind: 'ban', reason });
