/**
 * Every endpoint of the contract has a function in src/client/api: each
 * exported function is called (with the transport mocked at `call`) across
 * the platform and variant choices, and the endpoints reached must be all of
 * ALL_ENDPOINTS.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../../src/shared/contract/endpoint';
import { ALL_ENDPOINTS } from '../../../../src/shared/contract/index';

const reached = new Map<string, { unified: boolean | undefined; params: unknown; headers: unknown }[]>();

vi.mock('../../../../src/client/http/client', () => ({
  call: (e: Endpoint, input: { unified?: boolean; params?: unknown; headers?: unknown } = {}) => {
    const list = reached.get(e.id) ?? [];
    list.push({ unified: input.unified, params: input.params, headers: input.headers });
    reached.set(e.id, list);
    return Promise.resolve({});
  },
  getJson: () => Promise.resolve([]),
}));

const modules = import.meta.glob<Record<string, unknown>>('../../../../src/client/api/*.ts', { eager: true });

const firstArgs: unknown[] = ['xbox', 'IAL', { unified: true }];
/** Helpers exported next to the call functions, not calls themselves. */
const HELPERS = new Set(['localClock', 'onPlatform']);
const secondArgs: unknown[] = [
  'connector',
  'in-game',
  ...[false, true].flatMap((social) =>
    [false, true].flatMap((inGame) => [false, true].map((withEmail) => ({ social, inGame, withEmail }))),
  ),
  { unified: true },
];

/** Calls every exported function with every probe; fills `reached`. */
async function probeEveryFunction(): Promise<void> {
  for (const mod of Object.values(modules)) {
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== 'function' || HELPERS.has(name)) continue;
      const f = fn as (...args: unknown[]) => unknown;
      for (const a of firstArgs)
        for (const b of secondArgs)
          for (const c of [{}, { unified: true }]) {
            try {
              await f(a, b, c);
            } catch {
              // Probe arguments do not fit every function (e.g. a platform where an auth type goes); other probes do.
            }
          }
    }
  }
}

describe('src/client/api covers every §7 call', () => {
  // Once for the file, so each test below stands on its own (in any order, or alone with -t).
  beforeAll(probeEveryFunction);

  it('reaches every endpoint of ALL_ENDPOINTS', () => {
    const portal = ALL_ENDPOINTS.filter((e) => e.caller !== 'provider');
    const missing = portal.map((e) => e.id).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
    // A provider's webhook is not the portal's to call.
    expect(ALL_ENDPOINTS.filter((e) => e.caller === 'provider' && reached.has(e.id)).map((e) => e.id)).toEqual([]);
  });

  it('passes the unified flag through for endpoints with a unified variant', () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.unifiedPath !== undefined)) {
      expect(
        reached.get(e.id)?.some((c) => c.unified === true),
        e.id,
      ).toBe(true);
    }
  });

  it('sends the sign-up session token header on sign-up calls', () => {
    for (const id of ['signup', 'childSignup']) {
      expect(reached.get(id)?.[0]?.headers).toEqual({ 'x-signup-session-token': 'xbox' });
    }
  });
});
