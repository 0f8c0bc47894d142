/**
 * The ApiError of an answer with an error status (spec §8): a CDN policy
 * block sends the visitor to the error page; otherwise the code is the
 * x-error-code header, else the body's code, else SERVER_ERROR for a 5xx and
 * the default code for the rest. ./client loads this only when an answer
 * fails, so a page whose calls succeed ships none of it.
 */
import { localePath } from '../../routes/paths';
import { DEFAULT_ERROR_CODE, ERROR_CODE_HEADER } from '../../shared/errors/codes';
import { ApiError } from './api-error';
import { CDN_BLOCK_REASON, ERROR_PAGE_REL_PATH, isCdnBlock } from './cdn-block';

export interface FailedAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The body: parsed JSON, else the text. */
  readonly data: unknown;
  readonly endpointId: string | undefined;
}

function bodyField(data: unknown, field: 'code' | 'message'): string | undefined {
  if (typeof data !== 'object' || data === null || !(field in data)) return undefined;
  const value: unknown = (data as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** The error to throw; `leave` navigates away (the CDN block page) for the page's locale. */
export function answerFailure(answer: FailedAnswer, locale: string, leave: (url: string) => void): ApiError {
  const { status, headers, data, endpointId } = answer;
  if (isCdnBlock(status, headers)) {
    leave(`${localePath(locale, ERROR_PAGE_REL_PATH)}?reason=${CDN_BLOCK_REASON}`);
    return new ApiError(DEFAULT_ERROR_CODE, status, { endpointId, navigating: true });
  }
  const code =
    headers.get(ERROR_CODE_HEADER)?.trim() ||
    bodyField(data, 'code') ||
    (status >= 500 ? 'SERVER_ERROR' : DEFAULT_ERROR_CODE);
  return new ApiError(code, status, { serverMessage: bodyField(data, 'message'), endpointId });
}
