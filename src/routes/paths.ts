/** The portal's base path (spec §2): every page and asset lives under it. */
export const ACCOUNT_BASE = '/account';

/** Absolute path of a locale-relative page path: localePath('en', 'login') → /account/en/login. */
export function localePath(locale: string, relPath: string): string {
  const rel = relPath.replace(/^\/+/, '');
  return rel ? `${ACCOUNT_BASE}/${locale}/${rel}` : `${ACCOUNT_BASE}/${locale}`;
}
