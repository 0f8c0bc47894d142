/**
 * Issue 25 §1: once an island's action path is warmed, its call leaves in the caller's own task. Every `import()`
 * resolves in a task of its own in the browser, behind the click's render and paint, so a warmed call must not
 * go through one; before the warm-up the call loads its contract and the HTTP client first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const sent: string[] = [];
const prepared = vi.fn();
vi.mock('../../../../src/client/http/client', () => ({
  prepareCalls: prepared,
  call: (endpoint: { id: string }) => {
    sent.push(endpoint.id);
    return Promise.resolve({});
  },
}));
vi.mock('../../../../src/client/http/failure', () => ({}));

afterEach(() => {
  sent.length = 0;
});

describe('onDemand calls', () => {
  it('load the contract and the client before the first call, then call in the same task', async () => {
    vi.resetModules();
    const { onDemand } = await import('../../../../src/client/api/on-demand');
    const load = vi.fn(() => Promise.resolve({ ping: { id: 'ping' } }));
    const call = onDemand(load);
    const first = call('ping' as never);
    expect(sent).toEqual([]);
    await first;
    expect(sent).toEqual(['ping']);
    // Loaded: the next call is handed to the client before this task ends.
    void call('ping' as never);
    expect(sent).toEqual(['ping', 'ping']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are in the caller’s task once warmCalls has loaded what they need', async () => {
    vi.resetModules();
    const { onDemand, warmCalls } = await import('../../../../src/client/api/on-demand');
    const call = onDemand(() => Promise.resolve({ ping: { id: 'ping' } }));
    await warmCalls();
    // What every call reads once (the session id) is read by the warm-up, not by the first click.
    expect(prepared).toHaveBeenCalledOnce();
    void call('ping' as never);
    expect(sent).toEqual(['ping']);
  });
});

describe('onDemandModule', () => {
  it('gives the module synchronously once it has loaded, and forgets a failed load', async () => {
    const { onDemandModule } = await import('../../../../src/islands/shared/warm-path');
    let fail = true;
    const code = onDemandModule(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ ok: 1 })));
    expect(code.loaded()).toBeUndefined();
    await expect(code()).rejects.toThrow('offline');
    expect(code.loaded()).toBeUndefined();
    fail = false;
    await expect(code()).resolves.toEqual({ ok: 1 });
    expect(code.loaded()).toEqual({ ok: 1 });
    expect(code()).toBe(code());
  });
});
