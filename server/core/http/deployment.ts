/**
 * The first middleware of the API: it refuses to serve a configuration its mode does not allow (server/core/env.ts,
 * docs/security.md "Origins and production configuration"), and it keeps the dev server to this machine.
 *
 * - A refused configuration answers every request with 500 SERVER_ERROR and logs why on each one (Workers
 *   have no start-up hook to fail at): fail closed, with the reason in the operator's log.
 * - With DEV_TOOLS on, a request whose Host is not localhost, 127.0.0.1 or [::1] is refused (421) before any
 *   route runs. DNS rebinding points a hostile name at 127.0.0.1, so the browser sends that name as Host and
 *   treats the dev server as the hostile site's own origin; the Host check is what stops it, since the
 *   browser's same-origin rules do not.
 */
import type { MiddlewareHandler } from 'hono';
import { loadSettings } from '../env';
import type { AppEnv } from './app-env';
import { ApiError, FORBIDDEN_REQUEST } from './errors';
import { isLoopbackHost } from './hosts';

/** Thrown for a configuration the API refuses to run with; the app logs it and answers 500. */
export class ConfigurationError extends Error {
  constructor(problems: readonly string[]) {
    super(`API configuration refused:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigurationError';
  }
}

/** The request reached us under a loopback name: its URL's host and, when present, its Host header. */
export function isLoopbackRequest(request: Request): boolean {
  const host = request.headers.get('Host');
  return isLoopbackHost(new URL(request.url).host) && (host === null || isLoopbackHost(host));
}

export const deploymentGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const settings = await loadSettings(c.env, c.req.url);
  if (settings.devTools && !isLoopbackRequest(c.req.raw))
    throw new ApiError(421, FORBIDDEN_REQUEST, 'The dev server answers only localhost, 127.0.0.1 and [::1]');
  if (settings.problems.length > 0) throw new ConfigurationError(settings.problems);
  return next();
};
