/**
 * The API's one error model (spec §8): every failure answers with the code in
 * the `x-error-code` header and a JSON body `{code, message}`. The message is
 * a short English hint for developers and logs; the portal maps codes to its
 * own translated copy and never shows this text.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODE_HEADER, type ErrorCode } from '../../../src/shared/errors/codes';
import type { ErrorBody } from '../../../src/shared/contract/error-body';

/** Malformed or invalid requests: bad JSON, wrong types, unknown or missing fields, oversized values. */
export const BAD_INPUT: ErrorCode = '20022';
/** No route at this path (a client built for another API version, or a typo): not the player's doing. */
export const NOT_FOUND: ErrorCode = 'NOT_FOUND';
/** Refused by the CSRF defence (content type, front-end version header or Origin). */
export const FORBIDDEN_REQUEST: ErrorCode = '20101';
/** No valid session: the portal's main handler sends the visitor to login (spec §8, 20001). */
export const LOGIN_REQUIRED: ErrorCode = '20001';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function badInput(message: string): ApiError {
  return new ApiError(400, BAD_INPUT, message);
}

/** Builds the error response; security headers are added by the app's middleware. */
export function errorResponse(
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body: ErrorBody = { code, message };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', [ERROR_CODE_HEADER]: code, ...headers },
  });
}

export function apiErrorResponse(error: ApiError): Response {
  return errorResponse(error.status, error.code, error.message, error.headers);
}
