/**
 * WCAG 2.4.3 in the dialog kit (src/client/dialogs): when any kind of dialog closes, focus goes back to the control
 * that opened it — also when that control disabled itself while the dialog was open ("Sign out all other
 * sessions" is busy until its answer), and when it disabled itself before asking for the dialog.
 *
 * happy-dom lets a disabled button take focus; a browser does not (HTML: a disabled control is not focusable) and
 * drops focus to the page when the focused control is disabled. The setup below holds buttons to the browser's rule,
 * or the cases that matter here would pass whatever the kit did.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../src/client/dialogs/DialogHost';
import { openDialog, type DialogSpec } from '../../src/client/dialogs/queue';
import { keyStrings } from './helpers';

type Focus = (this: HTMLElement, options?: FocusOptions) => void;
const nativeFocus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus');
const nativeDisabled = Object.getOwnPropertyDescriptor(HTMLButtonElement.prototype, 'disabled');

beforeAll(() => {
  const focus = nativeFocus?.value as Focus;
  Object.defineProperty(HTMLButtonElement.prototype, 'focus', {
    configurable: true,
    value(this: HTMLButtonElement, options?: FocusOptions) {
      if (!this.disabled) focus.call(this, options);
    },
  });
  Object.defineProperty(HTMLButtonElement.prototype, 'disabled', {
    configurable: true,
    get(this: HTMLButtonElement): boolean {
      return nativeDisabled?.get?.call(this) as boolean;
    },
    set(this: HTMLButtonElement, value: boolean) {
      nativeDisabled?.set?.call(this, value);
      if (value && document.activeElement === this) this.blur();
    },
  });
});

afterAll(() => {
  delete (HTMLButtonElement.prototype as Partial<HTMLButtonElement>).focus;
  if (nativeDisabled !== undefined) Object.defineProperty(HTMLButtonElement.prototype, 'disabled', nativeDisabled);
});

const KINDS: readonly [string, DialogSpec][] = [
  ['confirm', { kind: 'confirm', messageKey: 'dialog.success.message' }],
  ['error', { kind: 'error', code: '20233' }],
  ['success', { kind: 'success' }],
  ['login-failed', { kind: 'login-failed' }],
  ['ban', { kind: 'ban', reason: '7003' }],
  [
    'custom',
    {
      kind: 'custom',
      render: ({ titleId, descriptionId, close }) => (
        <>
          <h2 id={titleId}>custom</h2>
          <p id={descriptionId}>body</p>
          <button type="button" onClick={() => close()}>
            done
          </button>
        </>
      ),
    },
  ],
];

/** openDialog with any kind (its overloads take one kind at a time). */
const ask = (spec: DialogSpec) =>
  spec.kind === 'custom' ? openDialog(spec) : spec.kind === 'confirm' ? openDialog(spec) : openDialog(spec);

/** A control as the islands write them: busy (disabled) while its dialog and work run; `early` disables it first. */
function Opener({
  spec,
  early = false,
  after,
}: {
  spec: DialogSpec;
  early?: boolean;
  after?: Promise<void> | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    // An island that awaits something before asking (a lazy import, a call) has rendered the button disabled.
    if (early) await new Promise((resolve) => setTimeout(resolve, 0));
    await ask(spec);
    // The work the dialog's answer starts (a call): the button stays busy until it ends.
    await after;
    setBusy(false);
  };
  return (
    <button type="button" disabled={busy} onClick={() => void open()}>
      opener
    </button>
  );
}

function renderWith(spec: DialogSpec, early = false, after?: Promise<void>) {
  render(
    <>
      <Opener spec={spec} early={early} after={after} />
      <DialogHost strings={keyStrings()} />
    </>,
  );
  return screen.getByRole('button', { name: 'opener' });
}

describe('focus returns to the opener when a dialog closes', () => {
  it.each(KINDS)('%s, closed with Escape while its opener is busy', async (_kind, spec) => {
    const user = userEvent.setup();
    const opener = renderWith(spec);
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(opener).toBeDisabled();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    });
  });

  it.each(KINDS)('%s, asked for after its opener disabled itself (focus was on the page)', async (_kind, spec) => {
    const user = userEvent.setup();
    const opener = renderWith(spec, true);
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('a dialog asked for from a dialog (an offer, then its outcome) returns focus to the first opener', async () => {
    const user = userEvent.setup();
    function Chain() {
      const [busy, setBusy] = useState(false);
      const open = async () => {
        setBusy(true);
        if (await openDialog({ kind: 'confirm', messageKey: 'dialog.success.message' }))
          await openDialog({ kind: 'success' });
        setBusy(false);
      };
      return (
        <button type="button" disabled={busy} onClick={() => void open()}>
          opener
        </button>
      );
    }
    render(
      <>
        <Chain />
        <DialogHost strings={keyStrings()} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'opener' });
    await user.click(opener);
    const offer = await screen.findByRole('dialog');
    await user.click(within(offer).getByRole('button', { name: 'dialog.ok' }));
    await screen.findByRole('dialog', { name: 'dialog.success.title' });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    });
  });

  it('leaves focus alone when something else took it before the opener came back', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const after = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const opener = renderWith({ kind: 'success' }, false, after);
    const other = document.createElement('input');
    document.body.appendChild(other);
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    other.focus();
    await act(async () => {
      finish();
      await after;
    });
    await vi.waitFor(() => expect(opener).toBeEnabled());
    expect(other).toHaveFocus();
    other.remove();
  });
});
