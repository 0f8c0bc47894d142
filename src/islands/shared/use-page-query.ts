/**
 * The page's query string, read after hydration: the island's first render
 * must match the HTML built without a query, so links and decisions that
 * carry the query (return_url, route_to…) update once mounted.
 */
import { useEffect, useState } from 'react';

export function usePageQuery(): URLSearchParams {
  const [query, setQuery] = useState(() => new URLSearchParams());
  useEffect(() => {
    setQuery(new URLSearchParams(location.search));
  }, []);
  return query;
}

/** The current query, for event handlers (never during render). */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(location.search);
}
