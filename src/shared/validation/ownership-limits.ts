/**
 * The ownership form's fixed values (issue 13 part B, docs/support-cases.md), apart from its rules
 * (./ownership.ts): the contract, the API and the form's first render all read them. Plain values, no import:
 * this file is a chunk group of its own, `ownership` (src/build/chunk-groups.ts), because the contract imports it
 * too and would otherwise pull it, and the whole on-demand `calls` chunk with it, onto the form's page.
 */

/** Spec §3 "region options NA and EU for one game title". */
export const GAME_REGIONS = ['NA', 'EU'] as const;
export type GameRegion = (typeof GAME_REGIONS)[number];

/** The title with NA and EU servers: Emberfall Online (the CDN game list's productID 50210). */
export const REGIONAL_GAME_ID = 50210;

/** The case reference the player quotes: LF- and eight letters or digits without look-alikes (0/O, 1/I/L). */
export const CASE_REFERENCE = /^LF-[2-9A-HJKMNP-Z]{8}$/;

/**
 * The description's alphabet: the contract's `text` kind (docs/api.md "Strict bodies and ids") plus line feeds.
 * Carriage returns stay out: a textarea's value uses \n alone, and a lone \r reads differently in mail clients.
 */
export const MULTILINE_PATTERN = /^(?:[^\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]|\n)*$/u;

/** Bounds of the free-text fields (docs/support-cases.md). */
export const OWNERSHIP_LIMITS = {
  account: 254,
  orderId: 64,
  descriptionMin: 20,
  descriptionMax: 2000,
  games: 20,
} as const;
