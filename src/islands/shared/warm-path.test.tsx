/**
 * The action path's warm-up (./warm-path) waits for the page's own start (src/client/startup/page-started.ts), then
 * for the browser to be idle; a focus or an input warms at once. The warm-up's second half (the calls) is mocked:
 * what is held here is when the island's own modules load.
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

/** Fresh modules each test: the page starts once per page, and so once per test. */
async function load() {
  vi.resetModules();
  const started = await import('../../client/startup/page-started');
  const { useWarmPath } = await import('./warm-path');
  return { ...started, useWarmPath };
}
/** Lets a settled start reach its waiters (a promise: they run in a microtask). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

vi.mock('../../client/api/on-demand', () => ({ warmCalls: () => Promise.resolve() }));

/** The idle callbacks the hook asked for, run by the test. */
let idle: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  performance.clearMarks();
});
afterEach(() => {
  // Unmounted first: an island's cleanup cancels its idle callback through the stub.
  cleanup();
  vi.unstubAllGlobals();
});

it('asks for idle time only once the page has started, then loads the modules once', async () => {
  const { markPageStarted, PAGE_STARTED_MARK, useWarmPath } = await load();
  const module = vi.fn(() => Promise.resolve({}));
  renderHook(() => useWarmPath(module));
  await tick();
  expect(idle).toHaveLength(0);
  markPageStarted();
  await tick();
  expect(performance.getEntriesByName(PAGE_STARTED_MARK)).toHaveLength(1);
  expect(idle).toHaveLength(1);
  expect(module).not.toHaveBeenCalled();
  idle[0]?.();
  expect(module).toHaveBeenCalledTimes(1);
  // A second start signal changes nothing: the start-up says it once.
  markPageStarted();
  await tick();
  expect(performance.getEntriesByName(PAGE_STARTED_MARK)).toHaveLength(1);
  expect(idle).toHaveLength(1);
});

it('goes straight to idle on a page that had already started (an island that mounts later)', async () => {
  const { markPageStarted, useWarmPath } = await load();
  markPageStarted();
  const module = vi.fn(() => Promise.resolve({}));
  renderHook(() => useWarmPath(module));
  await tick();
  expect(idle).toHaveLength(1);
  idle[0]?.();
  expect(module).toHaveBeenCalledTimes(1);
});

it('warms at once on a focus before the page has started, and not again later', async () => {
  const { markPageStarted, useWarmPath } = await load();
  const module = vi.fn(() => Promise.resolve({}));
  const { result } = renderHook(() => useWarmPath(module));
  result.current();
  expect(module).toHaveBeenCalledTimes(1);
  markPageStarted();
  await tick();
  idle[0]?.();
  expect(module).toHaveBeenCalledTimes(1);
});

it('does not warm for an island that unmounted before the start', async () => {
  const { markPageStarted, useWarmPath } = await load();
  const module = vi.fn(() => Promise.resolve({}));
  const { unmount } = renderHook(() => useWarmPath(module));
  unmount();
  markPageStarted();
  await tick();
  expect(idle).toHaveLength(0);
  expect(module).not.toHaveBeenCalled();
});

it('whenPageStarted runs its work once, and not after it was cancelled', async () => {
  const { markPageStarted, whenPageStarted } = await load();
  const work = vi.fn();
  const cancelled = vi.fn();
  whenPageStarted(work);
  whenPageStarted(cancelled)();
  markPageStarted();
  markPageStarted();
  await tick();
  expect(work).toHaveBeenCalledTimes(1);
  expect(cancelled).not.toHaveBeenCalled();
});
