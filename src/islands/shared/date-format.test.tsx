import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { formatDate, usePreparedDates } from './date-format';

// Counts the formatters made (each test uses a language of its own: the module keeps its formatters for the page).
const made = () => vi.spyOn(Intl, 'DateTimeFormat');

afterEach(() => {
  vi.restoreAllMocks();
});

it('writes dates in the page language, in the browser time zone (UTC here)', () => {
  expect(formatDate('2025-03-04T12:00:00.000Z', 'de', 'date')).toBe('04.03.2025');
  expect(formatDate('2025-03-04T12:00:00.000Z', 'en', 'date')).toBe('Mar 4, 2025');
  expect(formatDate('2025-03-04T12:00:00.000Z', 'de', 'dateTime')).toBe('04.03.2025, 12:00');
  expect(formatDate('2025-03-04T12:00:00.000Z', 'ja', 'dateTime')).toBe('2025/03/04 12:00');
});

it('makes one formatter per language and style, however many dates a list shows', () => {
  const spy = made();
  formatDate('2025-03-04T12:00:00.000Z', 'fr', 'date');
  formatDate('2025-04-05T12:00:00.000Z', 'fr', 'date');
  formatDate('2025-05-06T12:00:00.000Z', 'fr', 'date');
  expect(spy).toHaveBeenCalledTimes(1);
  expect(formatDate('2025-05-06T12:00:00.000Z', 'fr', 'dateTime')).toBe('6 mai 2025, 12:00');
  expect(spy).toHaveBeenCalledTimes(2);
});

it('prepares the formatter after mount, not in the render, and the list then uses it', async () => {
  const spy = made();
  renderHook(() => {
    usePreparedDates('it', 'dateTime');
  });
  expect(spy).not.toHaveBeenCalled();
  await waitFor(() => {
    expect(spy).toHaveBeenCalledTimes(1);
  });
  expect(spy).toHaveBeenCalledWith('it', { dateStyle: 'medium', timeStyle: 'short' });
  formatDate('2025-03-04T12:00:00.000Z', 'it', 'dateTime');
  expect(spy).toHaveBeenCalledTimes(1);
});

it('makes nothing for an island gone before the browser was idle', async () => {
  const spy = made();
  const { unmount } = renderHook(() => {
    usePreparedDates('nl', 'date');
  });
  unmount();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(spy).not.toHaveBeenCalled();
});
