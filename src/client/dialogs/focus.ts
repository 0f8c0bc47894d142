/** Keeps Tab and Shift+Tab inside a modal (native showModal makes the page inert; this also keeps focus off the browser chrome). */
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hidden && el.getClientRects().length > 0,
  );
}

/** Wraps focus at the ends; returns true when it moved focus itself. */
export function trapTab(root: HTMLElement, event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return true;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** How long focus waits for a disabled opener to come back (its island re-enables it once the dialog's work ends). */
const RETURN_WAIT_MS = 10_000;

const isDisabled = (el: HTMLElement) => el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true';

/** Nobody else has taken focus since the dialog closed: it sits on the page itself (or nowhere). */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement || !active.isConnected;
}

/**
 * WCAG 2.4.3: focus goes back to the control that opened a dialog. An opener its island disabled while the dialog
 * was open ("Sign out all other sessions" is busy until the answer) cannot take focus yet: focus follows it once it
 * is enabled again, unless something else (the next dialog, a moved heading) took focus meanwhile.
 */
export function returnFocus(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  if (!isDisabled(opener)) {
    opener.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!opener.isConnected) stop();
    else if (!isDisabled(opener)) {
      stop();
      if (focusIsFree()) opener.focus();
    }
  });
  const timer = setTimeout(stop, RETURN_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
}
