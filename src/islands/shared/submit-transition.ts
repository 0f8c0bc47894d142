/**
 * A transition a submit handler starts, started just after the submit event instead of inside it.
 *
 * React 19 treats a form whose submit event requested a transition as a form action, even without an `action`
 * prop: once the handlers have run, it reads the whole form into a `FormData`, makes the form's host component
 * stateful and renders its pending status (`useFormStatus`) as an urgent update, in a microtask ahead of the
 * submit's own awaited steps, so before the warmed call could leave. On the throttled phone that was most of
 * what a first sign-in click did before its call (docs/performance.md "The form status nobody reads"). No
 * island reads the form status, so the kit starts the transition in the next microtask: the submit event is
 * over, React sees no transition in it, and the update still comes before any awaited step of the submit
 * continues; its render comes a task later, as it did.
 */
import { startTransition } from 'react';

export function startTransitionAfterSubmit(update: () => void): void {
  queueMicrotask(() => {
    startTransition(update);
  });
}
