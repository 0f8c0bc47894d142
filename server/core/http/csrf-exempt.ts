/**
 * POSTs that cannot carry the portal's CSRF proof (an allowed Origin, the
 * front-end version header, a JSON body) and are authorised otherwise:
 *   - `signed`: server-to-server or mail-client requests that prove
 *     themselves with a signature their route checks before anything else:
 *     the SMS provider's inbound webhook (HMAC header) and the RFC 8058
 *     one-click unsubscribe (signed token in the URI, form body);
 *   - `dev-form`: the dev outbox page's reply form (DEV_TOOLS only, no
 *     scripts on that page): an HTML form sends neither the version header
 *     nor JSON, and under the API's no-referrer policy its Origin is `null`;
 *     it must come from the page itself (Sec-Fetch-Site: same-origin) or
 *     carry an allowed Origin;
 *   - `oauth-client`: the identity provider's token, revocation, introspection, device, PAR and userinfo
 *     endpoints, which read no cookie and authenticate the relying party (or its bearer token) itself
 *     (docs/identity-provider.md);
 *   - `provider-redirect`: a sign-in provider's form_post answer (Apple), a
 *     cross-site POST by design; the route reads no cookie and changes
 *     nothing: it only turns the post into a redirect to the portal's
 *     callback, whose tpa-session-cookie call then checks `state` against the
 *     browser's flow cookie (docs/social.md).
 */
import { SERVER_BASES } from '../../../src/shared/contract/endpoint';

export type CsrfExemption = 'signed' | 'dev-form' | 'oauth-client' | 'provider-redirect';

export const CSRF_EXEMPT: ReadonlyMap<string, CsrfExemption> = new Map([
  [`${SERVER_BASES.accountSetting}/no-auth/sms/inbound`, 'signed'],
  [`${SERVER_BASES.accountSetting}/no-auth/newsletter/one-click`, 'signed'],
  ['/api/dev/sms/reply', 'dev-form'],
  // RFC endpoints of the identity provider (server/oidc/routes.ts): relying parties post forms from their own
  // servers or apps; no cookie authorises them, the client's credentials, PKCE verifier or device code do.
  ['/api/oidc/token', 'oauth-client'],
  ['/api/oidc/revoke', 'oauth-client'],
  ['/api/oidc/introspect', 'oauth-client'],
  ['/api/oidc/device_authorization', 'oauth-client'],
  ['/api/oidc/par', 'oauth-client'],
  // userinfo by POST (OIDC Core §5.3.1): the bearer token authorises it; no cookie is read.
  ['/api/oidc/userinfo', 'oauth-client'],
  [`${SERVER_BASES.account}/no-auth/tpa/apple/callback`, 'provider-redirect'],
]);
