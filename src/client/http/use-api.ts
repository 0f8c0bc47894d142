/**
 * React hook over `settle`: wraps an API function into a stable callback that
 * resolves to `[error, data]`.
 *
 *   const login = useApi(webEmailLogin);
 *   const [error, result] = await login(body);
 *   if (error) handle(error); else use(result);
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { settle, type ApiResult } from './settle';

export function useApi<A extends unknown[], T>(api: (...args: A) => Promise<T>): (...args: A) => Promise<ApiResult<T>> {
  // The latest function is kept in a ref so the returned callback stays stable across renders.
  const latest = useRef(api);
  useLayoutEffect(() => {
    latest.current = api;
  });
  return useCallback((...args: A) => settle(latest.current(...args)), []);
}

export type { ApiResult };
