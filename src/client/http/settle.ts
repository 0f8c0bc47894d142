/**
 * `[error, data]` results for API calls (Logto style): screens branch on the
 * error without try/catch. Only ApiErrors are captured; anything else is a
 * programming error and is rethrown.
 */
import { ApiError } from './api-error';

export type ApiResult<T> = readonly [error: ApiError, data: undefined] | readonly [error: undefined, data: T];

export async function settle<T>(promise: Promise<T>): Promise<ApiResult<T>> {
  try {
    return [undefined, await promise];
  } catch (error) {
    if (error instanceof ApiError) return [error, undefined];
    throw error;
  }
}
