/**
 * The Terms of Use in force. An account whose acceptance is missing or older
 * than TERMS_EFFECTIVE_AT is asked to accept again at its next sign-in
 * (spec §8 20255, §4 "Terms reconsent: accept, then login completes").
 * Publishing new terms means moving this date to their effective day; the
 * terms page ships in the same deployment, so the two change together.
 */
export const TERMS_EFFECTIVE_AT = Date.UTC(2026, 0, 1);

/** True when the account must accept the current terms before signing in. */
export function termsOutstanding(termsAcceptedAt: number | null): boolean {
  return termsAcceptedAt === null || termsAcceptedAt < TERMS_EFFECTIVE_AT;
}
