/**
 * Dates and times in the page's language for the lists of the settings pages (sessions, security activity,
 * passkeys, trusted devices, connected apps). One formatter per language and style for the page's life: making an
 * `Intl.DateTimeFormat` costs far more than formatting with one, and these lists format one or two dates a row on
 * every render. The first `Intl` object a page makes, of any kind, also pays V8's ICU start-up (34–38 ms at 1×,
 * 160–195 ms at 4× CPU in Chromium; docs/performance.md "The security page's blocking time"): `usePreparedDates`
 * pays it in a task of its own at idle, while the list is still on its way, not inside the render that shows it.
 */
import { useEffect } from 'react';

export type DateStyle = 'date' | 'dateTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let made = formatters.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(lang, OPTIONS[style]);
    formatters.set(key, made);
  }
  return made;
}

/** An ISO 8601 instant ("2026-12-01T01:42:00.000Z") as the page's language writes it, in the browser's time zone. */
export function formatDate(iso: string, lang: string, style: DateStyle): string {
  return formatter(lang, style).format(new Date(iso));
}

/**
 * Makes the formatter of `style` at idle after mount (once a page: later calls find it made), so that the list's
 * first render with dates does not start ICU inside itself.
 */
export function usePreparedDates(lang: string, style: DateStyle): void {
  useEffect(() => {
    const prepare = () => void formatter(lang, style);
    if (!('requestIdleCallback' in window)) {
      const id = setTimeout(prepare, 200);
      return () => clearTimeout(id);
    }
    const id = window.requestIdleCallback(prepare, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [lang, style]);
}
