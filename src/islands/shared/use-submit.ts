/**
 * A form's submit (or any action button) as one state: busy while the work
 * runs, a second submit ignored meanwhile, the error code of the last failed
 * run (for `useErrorText`), a retry of the last work, and the work's signal
 * aborted when the island unmounts. The islands call `run` instead of keeping
 * their own busy flag and error code (docs/screens.md).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../client/http/api-error';
import { startTransitionAfterSubmit } from './submit-transition';

export interface SubmitOptions {
  /**
   * What a failure shows: the code for the form, or undefined when the failure was handled elsewhere (a dialog,
   * a navigation). Without it, the ApiError's code is shown.
   */
  readonly onError?: (error: ApiError) => Promise<string | undefined> | string | undefined;
}

export interface Submit {
  readonly busy: boolean;
  /** The code of the last failure to show, cleared when a run starts. */
  readonly code: string | undefined;
  /** Shows a code the island found itself (a refused field), or clears it. */
  readonly setCode: (code: string | undefined) => void;
  /**
   * Runs `work` unless a run is under way (then undefined at once). Its result, or undefined when it failed with
   * an ApiError (the code is then shown, see onError); any other error is rethrown, as with `settle`.
   */
  readonly run: <T>(work: (signal: AbortSignal) => Promise<T>) => Promise<T | undefined>;
  /** Runs the last work again (the "try again" of a failed action). */
  readonly retry: () => Promise<unknown>;
  /**
   * Called inside `work`: the form stays busy after this run, and ignores further runs, because the page is
   * leaving (a navigation after success). Without it a second click could start the work again while it goes.
   */
  readonly stayBusy: () => void;
}

export function useSubmit(options: SubmitOptions = {}): Submit {
  const [busy, setBusy] = useState(false);
  const [code, setShownCode] = useState<string | undefined>(undefined);
  // Whether the running work showed a code itself: the run's start clears the last code a microtask after the work
  // began (below), and must not clear one the work found in its first, synchronous steps (a refused storage).
  const shownInRun = useRef(false);
  const setCode = useCallback((next: string | undefined) => {
    shownInRun.current = true;
    setShownCode(next);
  }, []);
  // A ref as well as the state: two clicks in one frame both see the state before either render.
  const running = useRef(false);
  const staying = useRef(false);
  const mounted = useRef<AbortController | null>(null);
  const last = useRef<((signal: AbortSignal) => Promise<unknown>) | null>(null);
  const onError = useRef(options.onError);
  useEffect(() => {
    onError.current = options.onError;
  });
  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => {
      controller.abort();
    };
  }, []);

  const run = useCallback(
    async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
      if (running.current) return undefined;
      const signal = mounted.current?.signal ?? AbortSignal.abort();
      running.current = true;
      last.current = work;
      // As a transition: the busy render comes in a task after the work's first steps, so a warmed call leaves
      // first; urgent, it ran before the call (docs/performance.md "The busy render after the call"). Started after
      // the submit event, or React renders the form's pending status before the call (./submit-transition).
      // `running` holds off a second run meanwhile.
      shownInRun.current = false;
      startTransitionAfterSubmit(() => {
        setBusy(true);
        if (!shownInRun.current) setShownCode(undefined);
      });
      try {
        return await work(signal);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const shown = onError.current ? await onError.current(error) : error.code;
        if (!signal.aborted) setCode(shown);
        return undefined;
      } finally {
        if (!staying.current) {
          running.current = false;
          if (!signal.aborted) setBusy(false);
        }
      }
    },
    [setCode],
  );

  const stayBusy = useCallback(() => {
    staying.current = true;
  }, []);

  const retry = useCallback(() => {
    const work = last.current;
    return work === null ? Promise.resolve(undefined) : run(work);
  }, [run]);

  return { busy, code, setCode, run, retry, stayBusy };
}
