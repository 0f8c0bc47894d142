/**
 * Dates and times in the page's language for the lists of the settings pages (sessions, security activity,
 * passkeys, trusted devices, connected apps). One formatter per language and style for the page's life: making an
 * `Intl.DateTimeFormat` costs far more than formatting with one, and these lists format one or two dates a row on
 * every render (the passkeys section made one on every render, with no passkey to show).
 */

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
