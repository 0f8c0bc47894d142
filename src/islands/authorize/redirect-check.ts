/**
 * The client side of "redirect only to the registered URI": the server answers a redirect built on the request's
 * redirect_uri, which it matched exactly against the client's registration; the page follows it only when it
 * still is that URI (same origin and path) plus the response parameters. Anything else is never followed.
 */
export function followsRequest(redirectTo: string, query: URLSearchParams): boolean {
  const asked = query.get('redirect_uri');
  if (asked === null) return false;
  try {
    const target = new URL(redirectTo);
    const registered = new URL(asked);
    // Never a scheme that would run in this page (the server refuses to register or use one too).
    if (['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'].includes(target.protocol)) return false;
    return (
      target.protocol === registered.protocol &&
      target.host === registered.host &&
      target.pathname === registered.pathname &&
      target.hash === ''
    );
  } catch {
    return false;
  }
}

/** The legacy OpenID 2.0 relying parties' request (openid.mode / openid.identity): refused, see docs. */
export function isOpenId2Request(query: URLSearchParams): boolean {
  return query.has('openid.identity') || query.has('openid.mode') || query.has('openid.ns');
}
