/**
 * Code before it is needed (issue 25 §1): an island's primary action path (submit → checks → call → error handling
 * → next screen or dialog) loads at idle after hydration and the page's own start (the start-up's guards and a
 * settings page's account read: ../../client/startup/page-started), or at the latest with the form's first focus
 * or input, so a click never waits on the network for code. The page's budget before interaction stays as it was (nothing
 * here loads before the browser is idle); what loads by idle has a budget of its own (docs/performance.md).
 *
 *   const submitCode = onDemandModule(() => import('./after-submit'));
 *   const warm = useWarmPath(submitCode);            // at idle after hydration
 *   <form onFocus={warm} onInput={warm} …>           // or now, if the player is quicker
 *   const { submitLogin } = await submitCode();       // on submit: already there
 *
 * After the island's own modules, the warm-up loads the calls those modules import: the contract modules of the API
 * modules evaluated so far and the HTTP client (src/client/api/on-demand.ts `warmCalls`), which hold the error
 * handling too (the `calls` file). The loader is imported here on demand: it is in `base`, which the login page does not
 * load before interaction; a page whose island calls the API has it already. Everything starts at once: the modules' own imports load in parallel, not one
 * round trip after another.
 */
import { useEffect, useState } from 'react';
import { whenPageStarted } from '../../client/startup/page-started';

/** A module an action needs, loaded on demand (`onDemandModule`). */
export interface OnDemandModule<M> {
  /** Loads the module once and shares it; a failed load (offline) is forgotten, the next use tries again. */
  (): Promise<M>;
  /**
   * The module once it has loaded, else undefined. An action that finds it here runs on in the click's own task:
   * every `import()` resolves in a task of its own, even for a module already in memory, and on a busy phone the
   * browser paints the click's render and runs React's scheduled work first (tens of ms before the call leaves).
   */
  readonly loaded: () => M | undefined;
}

export function onDemandModule<M>(load: () => Promise<M>): OnDemandModule<M> {
  let loading: Promise<M> | undefined;
  let module: M | undefined;
  const get = () => {
    loading ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(get, { loaded: () => module });
}

/** The user-timing mark at the first warm-up of the page. */
export const WARM_MARK = 'warm-path';

/** Loads the modules and then the calls they import; failures are left for the action to meet and retry. */
export function warmPath(modules: readonly (() => Promise<unknown>)[]): Promise<void> {
  // Where the warm-up starts, for the budgets: what a page loads before it is the page's own (before interaction),
  // what it loads after it is the action path's (by idle); tests/e2e/loaded-budget.spec.ts reads the mark.
  if (performance.getEntriesByName(WARM_MARK).length === 0) performance.mark(WARM_MARK);
  return Promise.allSettled(modules.map((load) => load()))
    .then(() => import('../../client/api/on-demand'))
    .then((calls) => calls.warmCalls())
    .then(
      () => undefined,
      () => undefined,
    );
}

function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/**
 * Warms the island's action path at idle after hydration and after the page's own start (the start-up's guards and
 * a settings page's account read: ../../client/startup/page-started), once; the returned function warms it now
 * (for the form's onFocus and onInput: a player quicker than both). `modules` are `onDemandModule` loaders defined
 * at module level: the first render's are the island's for its life.
 */
export function useWarmPath(...modules: (() => Promise<unknown>)[]): () => void {
  const [warm] = useState(() => {
    let started = false;
    return () => {
      if (started) return;
      started = true;
      void warmPath(modules);
    };
  });
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const cancelWait = whenPageStarted(() => {
      cancelIdle = whenIdle(warm);
    });
    return () => {
      cancelWait();
      cancelIdle?.();
    };
  }, [warm]);
  return warm;
}
