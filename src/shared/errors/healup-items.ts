/**
 * 20045's message: the healup items, comma-separated ("country,birthday") (spec §8; ./payloads for the other
 * messages that carry data). Apart from ./payloads, which loads zod for its schemas: the healup screen reads the
 * items at start and loads no zod for it (page budget, docs/performance.md).
 */
export const HEALUP_ITEMS = ['country', 'birthday'] as const;
export type HealupItem = (typeof HEALUP_ITEMS)[number];

export function formatHealupItems(items: readonly HealupItem[]): string {
  return items.join(',');
}

/** Known items in message order; unknown or repeated items are dropped. */
export function readHealupItems(message: string): HealupItem[] {
  const items = message.split(',').map((item) => item.trim());
  return HEALUP_ITEMS.filter((known) => items.includes(known));
}
