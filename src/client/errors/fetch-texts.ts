/**
 * Fetches and checks a locale's error-texts file, and resolves codes to its keys (the catalogue): a flat record of dotted keys to messages, as the build
 * writes it. Its own module, imported by texts.ts with the first error, so zod and the HTTP client load then
 * and not with the page (page budget, docs/performance.md).
 */
import * as z from 'zod/mini';
import { getJson } from '../http/client';
import type { Strings } from '../t';

export { resolveErrorText } from '../../shared/errors/catalogue';

const errorTextsSchema = z.record(z.string(), z.string());

export function fetchErrorTexts(path: string): Promise<Strings> {
  return getJson(path, errorTextsSchema);
}
