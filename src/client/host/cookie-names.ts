/**
 * The first-party cookies of the portal, by name (spec §9: PARTNERKEY; §3/§4: the product id the launcher
 * login payload reads "from a cookie"; the cookie-banner consent). One list for the islands' cookie module
 * (./cookies, hono's parser) and the page start-up's (../startup/cookies), which may import nothing heavier.
 */

/** Spec §9 partner key cookie. */
export const PARTNER_KEY_COOKIE = 'PARTNERKEY';
/** The game product the visitor came from (prod_id); read by the launcher login and beta sign-up (50203). */
export const PRODUCT_ID_COOKIE = 'PRODUCTID';
/** Cookie-banner choice: "all" or "necessary" (the head script reads it too). */
export const CONSENT_COOKIE = 'lf_cookie_consent';
/** How long the cookie-banner choice is kept. */
export const ONE_YEAR = 60 * 60 * 24 * 365;
