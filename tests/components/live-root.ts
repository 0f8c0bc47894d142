/**
 * An island rendered as the browser runs it, outside `act()`: React's own scheduler decides when a render happens
 * (an urgent update in a microtask after the event, a transition in a later task). `act()` holds every render to
 * the end of its scope, so it cannot show the order of a click's call and its render (docs/performance.md "The
 * busy render after the call").
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };

export interface LiveRoot {
  readonly container: HTMLElement;
  /** Unmounts the island and gives the tests their act() environment back. */
  readonly close: () => void;
}

export function renderLive(element: ReactNode): LiveRoot {
  const flag = globalThis as ActFlag;
  const before = flag.IS_REACT_ACT_ENVIRONMENT;
  flag.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  flushSync(() => {
    root.render(element);
  });
  return {
    container,
    close: () => {
      flushSync(() => {
        root.unmount();
      });
      container.remove();
      flag.IS_REACT_ACT_ENVIRONMENT = before;
    },
  };
}

/** A player's typing into a field of a live root: the value, then the input event React's onChange listens to. */
export function typeInto(input: HTMLElement, value: string): void {
  if (!(input instanceof HTMLInputElement)) throw new Error('typeInto: not an input');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A player's choice in a select of a live root: the value, then the change event React's onChange listens to. */
export function chooseIn(select: HTMLElement, value: string): void {
  if (!(select instanceof HTMLSelectElement)) throw new Error('chooseIn: not a select');
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
