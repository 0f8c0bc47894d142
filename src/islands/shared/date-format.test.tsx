// In the components project, whose zone is UTC (vitest.config.ts): the times below are written for it.
import { afterEach, expect, it, vi } from 'vitest';
import { formatDate } from './date-format';

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
