/**
 * The page's query string, read after hydration: the island's first render
 * must match the HTML built without a query, so links and decisions that
 * carry the query (return_url, route_to…) update once mounted.
 *
 * React's own way to read browser state after hydration: useSyncExternalStore
 * renders the server snapshot while hydrating and the browser's right after,
 * without an effect that sets state (React Compiler rule set-state-in-effect).
 */
import { useMemo, useSyncExternalStore } from 'react';

const EMPTY = new URLSearchParams();
// Nothing to subscribe to: the URL an island reads is the one the page was opened with.
const still = () => () => undefined;
const inBrowser = () => true;
const inBuiltHtml = () => false;

/** False in the built HTML and while hydrating, true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(still, inBrowser, inBuiltHtml);
}

/** The query once mounted; null before (the built HTML's render). */
export function useMountedQuery(): URLSearchParams | null {
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? new URLSearchParams(location.search) : null), [hydrated]);
}

/** The query once mounted; empty before. */
export function usePageQuery(): URLSearchParams {
  return useMountedQuery() ?? EMPTY;
}
