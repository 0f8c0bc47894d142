/** Shared by the production adapters: one JSON POST with a bearer key and a timeout. */
import * as z from 'zod/mini';

export class ProviderError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} provider failed: ${detail}`);
    this.name = 'ProviderError';
  }
}

export async function postJson<T>(
  provider: string,
  url: string,
  key: string,
  body: unknown,
  schema: z.ZodMiniType<T>,
  timeoutMs = 10_000,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new ProviderError(provider, e instanceof Error ? e.name : 'network error');
  }
  if (!response.ok) throw new ProviderError(provider, `HTTP ${response.status}`);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError(provider, 'unexpected response');
  return parsed.data;
}
