/**
 * The page's query string, read after hydration: the island's first render
 * must match the HTML built without a query, so links and decisions that
 * carry the query (return_url, route_to…) update once mounted.
 */
import { useEffect, useState } from 'react';

const EMPTY = new URLSearchParams();

/** The query once mounted; null before (the built HTML's render). */
export function useMountedQuery(): URLSearchParams | null {
  const [query, setQuery] = useState<URLSearchParams | null>(null);
  useEffect(() => {
    setQuery(new URLSearchParams(location.search));
  }, []);
  return query;
}

/** The query once mounted; empty before. */
export function usePageQuery(): URLSearchParams {
  return useMountedQuery() ?? EMPTY;
}
