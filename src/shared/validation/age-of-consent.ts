/**
 * The age of digital consent per country: below it, a child cannot agree to
 * an online service's processing of their data alone, so sign-up sends them
 * to the parental-consent flow (spec §2 create/parent-consent-required).
 *
 * Sources: GDPR Art. 8 as each EU/EEA member set it (13 to 16), the UK GDPR
 * (13), COPPA in the US (13), South Korea's PIPA and China's PIPL (14). Every
 * country not listed uses 13, the lowest age any listed law allows.
 * Shared by the reference API (the authority) and any screen that wants to
 * explain the rule; pure, no dependencies.
 */
import { ageOn } from './date-of-birth';

export const DEFAULT_AGE_OF_CONSENT = 13;

export const AGE_OF_CONSENT: Readonly<Record<string, number>> = {
  // EU member states (GDPR Art. 8 national ages)
  AT: 14,
  BE: 13,
  BG: 14,
  CY: 14,
  CZ: 15,
  DE: 16,
  DK: 13,
  EE: 13,
  ES: 14,
  FI: 13,
  FR: 15,
  GR: 15,
  HR: 16,
  HU: 16,
  IE: 16,
  IT: 14,
  LT: 14,
  LU: 16,
  LV: 13,
  MT: 13,
  NL: 16,
  PL: 16,
  PT: 13,
  RO: 16,
  SE: 13,
  SI: 15,
  SK: 16,
  // EEA
  IS: 13,
  LI: 16,
  NO: 13,
  // Elsewhere
  GB: 13,
  US: 13,
  KR: 14,
  CN: 14,
};

/** The age of digital consent for an ISO 3166-1 alpha-2 country code. */
export function ageOfConsent(countryCode: string): number {
  return AGE_OF_CONSENT[countryCode.toUpperCase()] ?? DEFAULT_AGE_OF_CONSENT;
}

/** True when a person born on `birthday` (YYYY-MM-DD) is under the country's age of consent at `now`. */
export function isMinorIn(countryCode: string, birthday: string, now: number): boolean {
  return ageOn(birthday, now) < ageOfConsent(countryCode);
}
