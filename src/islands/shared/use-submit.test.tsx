import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, later } from '../../../tests/components/helpers';
import { renderLive } from '../../../tests/components/live-root';
import { useSubmit } from './use-submit';

it('is busy while the work runs and gives back its result', async () => {
  const { result } = renderHook(() => useSubmit());
  const work = later<string>();
  let done: Promise<string | undefined> = Promise.resolve(undefined);
  // Async: the busy state is set a microtask after the run starts (after a submit event, ./submit-transition).
  await act(async () => {
    done = result.current.run(() => work.promise);
    await Promise.resolve();
  });
  expect(result.current.busy).toBe(true);
  await act(async () => {
    work.answer('saved');
    await done;
  });
  await expect(done).resolves.toBe('saved');
  expect(result.current.busy).toBe(false);
  expect(result.current.code).toBeUndefined();
});

it('ignores a second run while one is under way', async () => {
  const { result } = renderHook(() => useSubmit());
  const work = later<undefined>();
  const second = vi.fn(() => Promise.resolve());
  await act(async () => {
    const first = result.current.run(() => work.promise);
    await expect(result.current.run(second)).resolves.toBeUndefined();
    work.answer(undefined);
    await first;
  });
  expect(second).not.toHaveBeenCalled();
});

it("shows a failure's code, clears it on the next run, and retry runs the same work again", async () => {
  const { result } = renderHook(() => useSubmit());
  const work = vi.fn<() => Promise<string>>().mockRejectedValueOnce(apiError('20216')).mockResolvedValueOnce('ok');
  await act(async () => {
    await expect(result.current.run(work)).resolves.toBeUndefined();
  });
  expect(result.current).toMatchObject({ busy: false, code: '20216' });
  await act(async () => {
    await expect(result.current.retry()).resolves.toBe('ok');
  });
  expect(work).toHaveBeenCalledTimes(2);
  expect(result.current.code).toBeUndefined();
});

it('keeps a code the work showed in its first, synchronous steps; the next run clears it', async () => {
  const { result } = renderHook(() => useSubmit());
  // A refusal found before the work's first await (the self-service start's refused storage): the run's start
  // clears the last code a microtask after the work began, and must not clear this one.
  await act(async () => {
    await result.current.run(() => {
      result.current.setCode('COOKIES_OFF');
      return Promise.resolve(undefined);
    });
  });
  expect(result.current).toMatchObject({ busy: false, code: 'COOKIES_OFF' });
  await act(async () => {
    await expect(result.current.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
  expect(result.current.code).toBeUndefined();
});

it('lets onError decide what the form shows', async () => {
  const onError = vi.fn((error: { code: string }) => (error.code === '20008' ? undefined : 'shown'));
  const { result } = renderHook(() => useSubmit({ onError }));
  await act(async () => {
    await result.current.run(() => Promise.reject(apiError('20008', 403)));
  });
  expect(result.current.code).toBeUndefined();
  await act(async () => {
    await result.current.run(() => Promise.reject(apiError('20002', 401)));
  });
  expect(result.current.code).toBe('shown');
  expect(onError).toHaveBeenCalledTimes(2);
});

it('stays busy after a run that said the page is leaving, and ignores further runs', async () => {
  const { result } = renderHook(() => useSubmit());
  const again = vi.fn(() => Promise.resolve('again'));
  await act(async () => {
    await expect(
      result.current.run(() => {
        result.current.stayBusy();
        return Promise.resolve('leaving');
      }),
    ).resolves.toBe('leaving');
  });
  expect(result.current.busy).toBe(true);
  await act(async () => {
    await expect(result.current.run(again)).resolves.toBeUndefined();
  });
  expect(again).not.toHaveBeenCalled();
  expect(result.current.busy).toBe(true);
});

it('rethrows what is not an API error', async () => {
  const { result } = renderHook(() => useSubmit());
  await act(async () => {
    await expect(result.current.run(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
  expect(result.current.busy).toBe(false);
});

it('aborts the work on unmount', () => {
  const { result, unmount } = renderHook(() => useSubmit());
  let signal: AbortSignal | undefined;
  act(() => {
    void result.current.run((s) => {
      signal = s;
      return new Promise(() => undefined);
    });
  });
  expect(signal?.aborted).toBe(false);
  unmount();
  expect(signal?.aborted).toBe(true);
});

it('starts the work before any render (busy, or a form status), and a click before it runs nothing', async () => {
  // A transition requested inside the submit event makes React treat the form as an action: a FormData of the
  // whole form and an urgent render of its status, before the work's call (./submit-transition).
  const built = vi.spyOn(globalThis, 'FormData');
  const seen: (string | null)[] = [];
  const work = vi.fn(async () => {
    // A warmed call reaches fetch after a few promise steps: the busy render must not come first.
    await Promise.resolve();
    await Promise.resolve();
    seen.push(document.querySelector('button')?.getAttribute('aria-busy') ?? null);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  function Form() {
    const submit = useSubmit();
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit.run(work);
        }}
      >
        <input name="id" defaultValue="player@example.com" aria-label="id" />
        <button type="submit" aria-busy={submit.busy}>
          save
        </button>
      </form>
    );
  }
  const live = renderLive(<Form />);
  try {
    const button = live.container.querySelector('button');
    button?.click();
    button?.click();
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'true');
    });
    expect(seen).toEqual(['false']);
    expect(work).toHaveBeenCalledTimes(1);
    expect(built).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'false');
    });
  } finally {
    built.mockRestore();
    live.close();
  }
});
