/**
 * What follows tpa-session-cookie (docs/social.md TPA_NEXT): sign in, or another screen — sign-up through the
 * provider (create-tpa, which asks for an email when the provider gave none) or the social link of an existing
 * account (login/social-link/{case}; a case the server did not name is case 5, the screen asks which proof).
 */
import type { RouteTarget } from '../../client/navigation/href';
import type { TpaSessionResponse } from '../../shared/contract/social';
import * as routes from '../../routes/refs';

export type SessionNext = { readonly kind: 'login' } | { readonly kind: 'go'; readonly target: RouteTarget };

export function nextAfterSession(session: TpaSessionResponse): SessionNext {
  switch (session.next) {
    case 'login':
      return { kind: 'login' };
    case 'signup':
      return { kind: 'go', target: { route: routes.createTpa, query: { provider: session.provider } } };
    case 'needsEmail':
      return {
        kind: 'go',
        target: { route: routes.createTpa, query: { provider: session.provider, needsEmail: 'true' } },
      };
    case 'socialLink':
      return {
        kind: 'go',
        target: { route: routes.loginSocialLink, params: { case: String(session.socialLinkCase ?? 5) } },
      };
  }
}
