// @vitest-environment happy-dom
/**
 * The page's code waits for its first paint (src/client/startup/head-script.ts `AFTER_PAINT_HEAD_SCRIPT`, and the
 * `client:painted` directive that waits for it, src/client/directives/painted.ts): the script run as the
 * Shell inlines it, against a window whose frames and timers the test moves.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import painted from '../../../../src/client/directives/painted';
import { AFTER_PAINT_HEAD_SCRIPT } from '../../../../src/client/startup/head-script';

interface FakeWindow {
  afterFirstPaint?: Promise<void>;
  frame(): void;
  parsed(): void;
  timers(): void;
  advance(ms: number): void;
}

/** Runs the head script in a window with the given visibility; frames and timers run only when the test says. */
function headScript(visibilityState: 'visible' | 'hidden'): FakeWindow {
  const frames: (() => void)[] = [];
  const parsed: (() => void)[] = [];
  let timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const win = {
    document: { hidden: visibilityState === 'hidden' },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    addEventListener: (type: string, run: () => void) => {
      if (type === 'DOMContentLoaded') parsed.push(run);
    },
    setTimeout: (run: () => void, ms = 0) => timers.push({ at: now + ms, run }),
  } as Record<string, unknown>;
  win.self = win;
  runInNewContext(AFTER_PAINT_HEAD_SCRIPT, win);
  const runDue = () => {
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.run();
  };
  return {
    get afterFirstPaint() {
      return win.afterFirstPaint as Promise<void>;
    },
    frame: () => frames.splice(0).forEach((run) => run()),
    parsed: () => parsed.splice(0).forEach((run) => run()),
    timers: runDue,
    advance: (ms) => {
      now += ms;
      runDue();
    },
  };
}

async function settled(promise: Promise<void> | undefined): Promise<boolean> {
  let done = false;
  void promise?.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('afterFirstPaint', () => {
  it('resolves in the task after the first frame once the document is parsed, not before', async () => {
    const win = headScript('visible');
    // A frame while the document is still being read (its first bytes painted) does not count.
    win.frame();
    win.timers();
    expect(await settled(win.afterFirstPaint)).toBe(false);
    win.parsed();
    expect(await settled(win.afterFirstPaint)).toBe(false);
    win.frame();
    expect(await settled(win.afterFirstPaint)).toBe(false);
    win.timers();
    expect(await settled(win.afterFirstPaint)).toBe(true);
  });

  it('resolves at once in a page that is not visible (no frame to wait for)', async () => {
    const win = headScript('hidden');
    expect(await settled(win.afterFirstPaint)).toBe(true);
  });

  it('resolves after a second when no frame comes (an off-screen frame)', async () => {
    const win = headScript('visible');
    win.advance(999);
    expect(await settled(win.afterFirstPaint)).toBe(false);
    win.advance(1);
    expect(await settled(win.afterFirstPaint)).toBe(true);
  });
});

describe('client:painted', () => {
  afterEach(() => {
    delete (self as { afterFirstPaint?: Promise<void> }).afterFirstPaint;
  });

  it('loads and hydrates the island only once the page has painted', async () => {
    let paint: () => void = () => undefined;
    (self as { afterFirstPaint?: Promise<void> }).afterFirstPaint = new Promise<void>((r) => (paint = r));
    const hydrate = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(hydrate));
    painted(load, { name: 'painted', value: '' }, document.createElement('astro-island'));
    await new Promise((r) => setImmediate(r));
    expect(load).not.toHaveBeenCalled();
    paint();
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledOnce());
    expect(load).toHaveBeenCalledOnce();
  });
});
