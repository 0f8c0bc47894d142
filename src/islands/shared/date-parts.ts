/**
 * Build-time help for the birthday fields: the order of day, month and year
 * and the month names in a locale, from Intl (so ja reads 年 月 日 and en-US
 * month day year). Computed when the page is built and passed to the island,
 * so the server HTML and the hydrated island agree.
 */
export type DatePart = 'year' | 'month' | 'day';

export interface DateFormatInfo {
  order: DatePart[];
  /** Month names, January first. */
  months: string[];
}

export function dateFormatInfo(lang: string): DateFormatInfo {
  const sample = new Date(Date.UTC(2001, 10, 22));
  const order = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    .formatToParts(sample)
    .map((p) => p.type)
    .filter((type): type is DatePart => type === 'year' || type === 'month' || type === 'day');
  const monthName = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, m) => monthName.format(new Date(Date.UTC(2001, m, 1))));
  return { order: order.length === 3 ? order : ['year', 'month', 'day'], months };
}

export interface BirthdayValue {
  year: string;
  month: string;
  day: string;
}

export const EMPTY_BIRTHDAY: BirthdayValue = { year: '', month: '', day: '' };

/** YYYY-MM-DD of a complete value, else undefined. Does not check the calendar; the validation schema does. */
export function birthdayIso(value: BirthdayValue): string | undefined {
  if (!value.year || !value.month || !value.day) return undefined;
  return `${value.year}-${value.month.padStart(2, '0')}-${value.day.padStart(2, '0')}`;
}
