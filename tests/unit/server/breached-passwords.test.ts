/**
 * The breached-password range query (issue 10 item 7) against a fake
 * transport: only the 5-character SHA-1 prefix leaves the API, a listed
 * suffix with a count is breached, padding (count 0) is not, and every
 * failure fails open with a log line that gives away nothing of the password.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { rangeQueryCheck, rangeVerdict } from '../../../server/core/providers/breached-passwords';

const PASSWORD = 'Password1!';
const HASH = createHash('sha1').update(PASSWORD).digest('hex').toUpperCase();
const PREFIX = HASH.slice(0, 5);
const SUFFIX = HASH.slice(5);
const OTHER = 'A'.repeat(35);

type Transport = typeof fetch;

const urlOf = (input: Parameters<Transport>[0] | undefined): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : (input?.url ?? '');

function fakeFetch(answer: (url: string, init: RequestInit | undefined) => Promise<Response> | Response) {
  return vi.fn<Transport>((input, init) => Promise.resolve(answer(urlOf(input), init)));
}

function setup(answer: Parameters<typeof fakeFetch>[0], timeoutMs = 1500) {
  const transport = fakeFetch(answer);
  const log = vi.fn<(message: string) => void>();
  const check = rangeQueryCheck('https://range.example.test/range/', { fetch: transport, log, timeoutMs });
  return { transport, log, check };
}

/** The log lines must not carry the password or any part of its hash. */
function expectNothingSecret(log: ReturnType<typeof vi.fn<(message: string) => void>>) {
  for (const [line] of log.mock.calls) {
    expect(line).not.toContain(PASSWORD);
    expect(line.toUpperCase()).not.toContain(PREFIX);
    expect(line.toUpperCase()).not.toContain(SUFFIX.slice(0, 8));
  }
}

describe('range query', () => {
  it('sends only the 5-character prefix, asks for padding, and finds a listed suffix', async () => {
    const { transport, log, check } = setup(() => new Response(`${OTHER}:3\r\n${SUFFIX}:52000\r\n`));
    expect(await check.check(PASSWORD)).toBe('breached');
    expect(transport).toHaveBeenCalledTimes(1);
    const [url, init] = transport.mock.calls[0] ?? [];
    expect(urlOf(url)).toBe(`https://range.example.test/range/${PREFIX}`);
    expect(urlOf(url)).not.toContain(SUFFIX);
    expect(new Headers(init?.headers).get('Add-Padding')).toBe('true');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(log).not.toHaveBeenCalled();
  });

  it('matches the suffix in any case; a count of 0 is padding, not a breach', () => {
    expect(rangeVerdict(`${SUFFIX.toLowerCase()}:1`, SUFFIX)).toBe('breached');
    expect(rangeVerdict(`${SUFFIX}:0\n${OTHER}:9`, SUFFIX)).toBe('not-found');
    expect(rangeVerdict('', SUFFIX)).toBe('not-found');
    expect(rangeVerdict('<html>oops</html>', SUFFIX)).toBeNull();
  });

  it('a password absent from the range is not breached', async () => {
    const { check } = setup(() => new Response(`${OTHER}:3\n${SUFFIX.replace(/.$/, '0')}:0\n`));
    expect(await check.check(PASSWORD)).toBe('not-found');
  });

  it('adds the slash a base URL without one needs', async () => {
    const transport = fakeFetch(() => new Response(''));
    await rangeQueryCheck('https://range.example.test/range', { fetch: transport }).check(PASSWORD);
    expect(urlOf(transport.mock.calls[0]?.[0])).toBe(`https://range.example.test/range/${PREFIX}`);
  });
});

describe('fails open, with a log line and no secret in it', () => {
  it('on a timeout', async () => {
    const { log, check } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason as Error);
          });
        }),
      20,
    );
    const started = Date.now();
    expect(await check.check(PASSWORD)).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/fail open.*timeout/);
    expectNothingSecret(log);
  });

  it.each([
    ['an HTTP error', () => new Response('busy', { status: 503 }), /HTTP 503/],
    ['a network error', () => Promise.reject(new TypeError('fetch failed')), /network error/],
    ['an unexpected body', () => new Response('<html>maintenance</html>'), /unexpected response/],
  ])('on %s', async (_name, answer, reason) => {
    const { log, check } = setup(answer);
    expect(await check.check(PASSWORD)).toBe('unknown');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(reason);
    expectNothingSecret(log);
  });
});
