/**
 * The one error type of the islands' API calls. `code` is the server's
 * x-error-code (spec §8) or a named client error (NETWORK_ERROR, TIMEOUT,
 * SERVER_ERROR); `status` is the HTTP status (0 when no response arrived).
 * `serverMessage` is the body's message: data for handlers that parse it
 * (20045 items, 20008 N, 20184/20211 JSON), never UI copy.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly serverMessage: string;
  /**
   * True when the client is already navigating away (CDN block page): callers
   * ignore the error instead of showing a dialog (spec §4: errors are ignored
   * while a route change is pending).
   */
  readonly navigating: boolean;

  constructor(code: string, status: number, serverMessage = '', navigating = false) {
    super(`API error ${code} (HTTP ${status})`);
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
    this.navigating = navigating;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
