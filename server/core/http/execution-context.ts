/**
 * The request's execution context (its `waitUntil`, for work after the response). Absent when the app runs
 * in-process (`app.request` in unit tests): Hono's getter throws there, and nothing runs after the response.
 */
import type { Context } from 'hono';

export function executionContext(c: Pick<Context, 'executionCtx'>): Pick<ExecutionContext, 'waitUntil'> | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}
