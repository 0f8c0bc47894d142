/**
 * The verify-email landing page's states (spec §4 "Account verification":
 * a link valid 24 hours; an expired or used link says so and offers a fresh
 * one), from the verify call's outcome. Pure, so each outcome is tested.
 */
export type VerifyEmailState =
  | { readonly kind: 'verifying' }
  | { readonly kind: 'verified'; readonly email: string; readonly alreadyVerified: boolean }
  /** 20018: the link is older than 24 hours. */
  | { readonly kind: 'expired' }
  /** 20068: a newer link replaced it, or it is unknown. */
  | { readonly kind: 'replaced' }
  /** No token in the link at all. */
  | { readonly kind: 'missing' }
  /** Any other failure: its code's message, with retry. */
  | { readonly kind: 'failed'; readonly code: string };

/** Spec §9: a verification link is valid for 24 hours. */
export const LINK_VALIDITY_HOURS = 24;

/** Tokens are opaque; anything else in the query is not one. */
export function readToken(query: URLSearchParams): string | undefined {
  const token = query.get('token')?.trim();
  return token !== undefined && /^[A-Za-z0-9._~-]{16,4096}$/.test(token) ? token : undefined;
}

export function stateFromOutcome(
  outcome: { ok: true; email: string; alreadyVerified: boolean } | { ok: false; code: string },
): VerifyEmailState {
  if (outcome.ok) return { kind: 'verified', email: outcome.email, alreadyVerified: outcome.alreadyVerified };
  if (outcome.code === '20018') return { kind: 'expired' };
  if (outcome.code === '20068') return { kind: 'replaced' };
  return { kind: 'failed', code: outcome.code };
}

/** Whether the page offers a fresh link: only when the old one identifies the account. */
export function offersFreshLink(state: VerifyEmailState): boolean {
  return state.kind === 'expired' || state.kind === 'replaced';
}
