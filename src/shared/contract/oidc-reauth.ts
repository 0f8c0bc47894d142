/**
 * The provider's mark on an authorize screen's query (server/oidc/freshness.ts): when it asked for a fresh
 * sign-in (prompt=login, select_account, max_age). Prefixed: never an OAuth parameter. A module of its own, with
 * no schema: the authorize page imports it, and the contract's zod would put the page over its budget.
 */
export const REAUTH_PARAM = 'lf_reauth';
