/**
 * The one error type of the islands' API calls. `code` is the server's
 * x-error-code (spec §8) or a named client error (NETWORK_ERROR, TIMEOUT,
 * SERVER_ERROR); `status` is the HTTP status (0 when no response arrived).
 * `serverMessage` is the body's message: data for handlers that parse it
 * (20045 items, 20008 N, 20184/20211 JSON), never UI copy.
 */
export interface ApiErrorDetails {
  readonly serverMessage?: string | undefined;
  /** Id of the contract endpoint that failed (some codes mean something else on some calls). */
  readonly endpointId?: string | undefined;
  readonly navigating?: boolean | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly serverMessage: string;
  readonly endpointId: string | undefined;
  /**
   * True when the client is already navigating away (CDN block page): callers
   * ignore the error instead of showing a dialog (spec §4: errors are ignored
   * while a route change is pending).
   */
  readonly navigating: boolean;

  constructor(code: string, status: number, details: ApiErrorDetails = {}) {
    super(`API error ${code} (HTTP ${String(status)})`);
    this.code = code;
    this.status = status;
    this.serverMessage = details.serverMessage ?? '';
    this.endpointId = details.endpointId;
    this.navigating = details.navigating ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
