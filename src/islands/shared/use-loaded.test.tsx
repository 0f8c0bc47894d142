import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, later } from '../../../tests/components/helpers';
import { useLoaded } from './use-loaded';

it('is loading, then ready with the data', async () => {
  const { result } = renderHook(() => useLoaded(() => Promise.resolve(['a', 'b'])));
  expect(result.current.status).toBe('loading');
  await waitFor(() => {
    expect(result.current).toMatchObject({ status: 'ready', data: ['a', 'b'] });
  });
});

it('fails with the API error, and retry shows loading and loads again', async () => {
  const load = vi.fn<(signal: AbortSignal) => Promise<string>>().mockRejectedValueOnce(apiError('20038', 403));
  const { result } = renderHook(() => useLoaded(load));
  await waitFor(() => {
    expect(result.current.status).toBe('failed');
  });
  expect(result.current.status === 'failed' && result.current.error.code).toBe('20038');
  const again = later<string>();
  load.mockReturnValueOnce(again.promise);
  act(() => {
    result.current.retry();
  });
  expect(result.current.status).toBe('loading');
  await act(async () => {
    again.answer('back');
    await again.promise;
  });
  expect(result.current).toMatchObject({ status: 'ready', data: 'back' });
  expect(load).toHaveBeenCalledTimes(2);
});

it('refresh keeps the data shown until the new answer, and settles with it', async () => {
  const load = vi.fn<(signal: AbortSignal) => Promise<number>>().mockResolvedValueOnce(1);
  const { result } = renderHook(() => useLoaded(load));
  await waitFor(() => {
    expect(result.current).toMatchObject({ status: 'ready', data: 1 });
  });
  const next = later<number>();
  load.mockReturnValueOnce(next.promise);
  let refreshed: Promise<void> = Promise.resolve();
  let settled = false;
  act(() => {
    refreshed = result.current.refresh().then(() => {
      settled = true;
    });
  });
  expect(result.current).toMatchObject({ status: 'ready', data: 1 });
  expect(settled).toBe(false);
  await act(async () => {
    next.answer(2);
    await refreshed;
  });
  expect(result.current).toMatchObject({ status: 'ready', data: 2 });
  expect(settled).toBe(true);
});

it('aborts the load on unmount and drops its late answer', async () => {
  const late = later<string>();
  let signal: AbortSignal | undefined;
  const { result, unmount } = renderHook(() =>
    useLoaded((s) => {
      signal = s;
      return late.promise;
    }),
  );
  unmount();
  expect(signal?.aborted).toBe(true);
  await act(async () => {
    late.answer('too late');
    await late.promise;
  });
  expect(result.current.status).toBe('loading');
});

it('loads again when the key changes, dropping the answer for the old key', async () => {
  const answers = new Map([
    ['en', later<string>()],
    ['de', later<string>()],
  ]);
  const { result, rerender } = renderHook(
    ({ locale }: { locale: string }) =>
      useLoaded(() => answers.get(locale)?.promise ?? Promise.reject(new Error(locale)), locale),
    { initialProps: { locale: 'en' } },
  );
  rerender({ locale: 'de' });
  await act(async () => {
    answers.get('de')?.answer('Deutsch');
    answers.get('en')?.answer('English');
    await Promise.all([answers.get('de')?.promise, answers.get('en')?.promise]);
  });
  expect(result.current).toMatchObject({ status: 'ready', data: 'Deutsch' });
});
