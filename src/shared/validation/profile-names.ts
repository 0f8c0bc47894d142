/**
 * Spec §5 name rules, shared by the portal's forms (live feedback) and the
 * reference API (which also checks offensive words: server/security/
 * offensive-words.ts, a word list too large for a page). Plain functions, no
 * zod, so a form can use them without loading the schemas. The bounds and
 * character sets are our choice (the spec leaves them "not shown"); see
 * docs/settings.md "Names".
 *
 * Full name: 2–64 characters once trimmed and with runs of spaces made one;
 * letters of any script (with their combining marks), spaces, and the
 * punctuation names carry (apostrophes ' ’, hyphen, period, comma, the
 * Japanese middle dot ・); starts with a letter; no two punctuation marks in a
 * row (spaces between them do not count), so "--", ".." or "-'" are refused.
 *
 * Player-tag name (spec §3: the name before the 4-digit number): 3–16 ASCII
 * letters and digits.
 */

export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 64;
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 16;

export type NameIssue = 'required' | 'length' | 'characters' | 'punctuation';

const NAME_PUNCTUATION = /[-'’.,・]/u;
const NAME_CHARACTER = /^[\p{L}\p{M}\s'’.,・-]$/u;

/** The form the account stores: NFC, trimmed, every run of white space one space. */
export function normalizeFullName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Code points, not UTF-16 units: "名前" is 2 characters, an emoji 1. */
function length(value: string): number {
  return Array.from(value).length;
}

export function fullNameIssue(raw: string): NameIssue | undefined {
  const name = normalizeFullName(raw);
  if (name.length === 0) return 'required';
  const chars = Array.from(name);
  if (!chars.every((ch) => NAME_CHARACTER.test(ch))) return 'characters';
  if (!/^\p{L}/u.test(name)) return 'characters';
  if (length(name) < FULL_NAME_MIN || length(name) > FULL_NAME_MAX) return 'length';
  const marks = chars.filter((ch) => ch !== ' ');
  for (let i = 1; i < marks.length; i++) {
    if (NAME_PUNCTUATION.test(marks[i - 1] ?? '') && NAME_PUNCTUATION.test(marks[i] ?? '')) return 'punctuation';
  }
  return undefined;
}

export function tagNameIssue(raw: string): NameIssue | undefined {
  const name = raw.trim();
  if (name.length === 0) return 'required';
  if (!/^[A-Za-z0-9]+$/.test(name)) return 'characters';
  if (name.length < TAG_NAME_MIN || name.length > TAG_NAME_MAX) return 'length';
  return undefined;
}

/**
 * The words of a name for the offensive-word check: split at spaces and
 * punctuation, and a tag also where letters meet digits or a lower-case
 * letter meets a capital ("BadWord99" → bad, word, 99), plus the whole name
 * run together, so a word hidden by spacing ("b a d") is found too.
 */
export function nameWords(name: string): string[] {
  const parts = name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_m, a?: string, b?: string, c?: string, d?: string) =>
      a !== undefined ? `${a} ${b ?? ''}` : `${c ?? ''} ${d ?? ''}`,
    )
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter((w) => w.length > 0);
  const joined = parts.join('');
  return joined.length > 0 && !parts.includes(joined) ? [...parts, joined] : parts;
}
