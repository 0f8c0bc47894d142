/**
 * The action path's warm-up (./warm-path) waits for the page's own start (src/client/startup/page-started.ts), then
 * for the browser to be idle; a focus or an input warms at once. The warm-up's second half (the calls) is mocked:
 * what is held here is when the island's own modules load.
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { markPageStarted, PAGE_STARTED_MARK, whenPageStarted } from '../../client/startup/page-started';
import { useWarmPath } from './warm-path';

vi.mock('../../client/api/on-demand', () => ({ warmCalls: () => Promise.resolve() }));

/** The idle callbacks the hook asked for, run by the test. */
let idle: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  document.documentElement.removeAttribute('data-page-started');
  performance.clearMarks();
});
afterEach(() => {
  // Unmounted first: an island's cleanup cancels its idle callback through the stub.
  cleanup();
  vi.unstubAllGlobals();
});

it('asks for idle time only once the page has started, then loads the modules once', () => {
  const load = vi.fn(() => Promise.resolve({}));
  renderHook(() => useWarmPath(load));
  expect(idle).toHaveLength(0);
  markPageStarted();
  expect(performance.getEntriesByName(PAGE_STARTED_MARK)).toHaveLength(1);
  expect(idle).toHaveLength(1);
  expect(load).not.toHaveBeenCalled();
  idle[0]?.();
  expect(load).toHaveBeenCalledTimes(1);
  // A second start signal changes nothing: the start-up says it once.
  markPageStarted();
  expect(performance.getEntriesByName(PAGE_STARTED_MARK)).toHaveLength(1);
  expect(idle).toHaveLength(1);
});

it('goes straight to idle on a page that had already started (an island that mounts later)', () => {
  markPageStarted();
  const load = vi.fn(() => Promise.resolve({}));
  renderHook(() => useWarmPath(load));
  expect(idle).toHaveLength(1);
  idle[0]?.();
  expect(load).toHaveBeenCalledTimes(1);
});

it('warms at once on a focus before the page has started, and not again later', () => {
  const load = vi.fn(() => Promise.resolve({}));
  const { result } = renderHook(() => useWarmPath(load));
  result.current();
  expect(load).toHaveBeenCalledTimes(1);
  markPageStarted();
  idle[0]?.();
  expect(load).toHaveBeenCalledTimes(1);
});

it('does not warm for an island that unmounted before the start', () => {
  const load = vi.fn(() => Promise.resolve({}));
  const { unmount } = renderHook(() => useWarmPath(load));
  unmount();
  markPageStarted();
  expect(idle).toHaveLength(0);
  expect(load).not.toHaveBeenCalled();
});

it('whenPageStarted runs its work once, and not after it was cancelled', () => {
  const work = vi.fn();
  const cancelled = vi.fn();
  whenPageStarted(work);
  whenPageStarted(cancelled)();
  markPageStarted();
  expect(work).toHaveBeenCalledTimes(1);
  expect(cancelled).not.toHaveBeenCalled();
});
