/**
 * What a screen loads when it mounts (a list, the account's state), as one
 * state: loading, ready with the data, or failed with the API error. The load
 * is aborted when the island unmounts or loads again, so a late answer never
 * lands in a screen that moved on. The islands branch on `status` instead of
 * keeping their own loading flag, result and error (docs/screens.md).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../client/http/api-error';

export type LoadState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'failed'; readonly error: ApiError };

export type Loaded<T> = LoadState<T> & {
  /** Loads again, showing `loading` meanwhile (the "try again" of a failed list). */
  readonly retry: () => void;
  /** Loads again, keeping what is shown until the new answer (after a change the screen made); settles with it. */
  readonly refresh: () => Promise<void>;
};

/**
 * Runs `load` after mount, again whenever `key` changes (compared with Object.is) and on retry or refresh.
 * An ApiError becomes `failed`; anything else is a programming error and stays an unhandled rejection, as with
 * `settle`. `load` may change between renders: the newest one runs.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key?: unknown): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The last attempt asked for, and the refreshes waiting for theirs to settle.
  const asked = useRef(0);
  const waiting = useRef<{ readonly attempt: number; readonly settled: () => void }[]>([]);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    const settled = () => {
      const done = waiting.current.filter((w) => w.attempt <= attempt);
      waiting.current = waiting.current.filter((w) => w.attempt > attempt);
      for (const w of done) w.settled();
    };
    void latest.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', data });
        settled();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settled();
        if (!(error instanceof ApiError)) throw error;
        setState({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
    };
  }, [attempt, key]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    asked.current += 1;
    setAttempt(asked.current);
  }, []);
  const refresh = useCallback(
    () =>
      new Promise<void>((settled) => {
        asked.current += 1;
        waiting.current.push({ attempt: asked.current, settled });
        setAttempt(asked.current);
      }),
    [],
  );
  return { ...state, retry, refresh };
}
