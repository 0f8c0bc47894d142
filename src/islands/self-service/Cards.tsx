/**
 * The self-service screens that are a message and links: the hub ("Can't
 * sign in?"), too many attempts (20157 on session creation) and the end of a
 * reset, and the 7-day wait between ID changes (20063). `paths` are the build-time hrefs of the linked routes (the page's
 * carried query is added when the island runs, LinksCard).
 */
import type { Strings } from '../../client/t';
import type { RoutePath } from '../../client/navigation/href';
import * as routes from '../../routes/refs';
import { LinksCard } from './LinksCard';

export interface CardProps {
  strings: Strings;
  paths: Readonly<Record<string, string>>;
}

const at = (paths: CardProps['paths'], name: string) => paths[name] ?? '#';

export function Hub({ strings, paths }: CardProps) {
  return (
    <LinksCard
      strings={strings}
      heading="selfService.hub.heading"
      body="selfService.hub.body"
      links={[
        { route: routes.selfResetPassword, label: 'selfService.hub.reset', href: at(paths, 'self-reset-password') },
        { route: routes.selfFindEmail, label: 'selfService.hub.find', href: at(paths, 'self-find-email') },
        { route: routes.selfChangeEmail, label: 'selfService.hub.change', href: at(paths, 'self-change-email') },
        {
          route: routes.selfNoAccessToAuthenticator,
          label: 'selfService.hub.authenticator',
          href: at(paths, 'self-no-access-to-authenticator'),
        },
      ]}
    />
  );
}

export function ManyAttempts({ strings, paths }: CardProps) {
  return (
    <LinksCard
      strings={strings}
      heading="selfService.many.heading"
      body="selfService.many.body"
      links={[
        { route: routes.selfService, label: 'selfService.many.restart', href: at(paths, 'self-service') },
        { route: routes.login, label: 'selfService.many.login', href: at(paths, 'login') },
      ]}
    />
  );
}

/** `loginRoute`: where signing in again happens (global/reset-password/success: global/login). */
export function ResetDone({ strings, paths, loginRoute = routes.login }: CardProps & { loginRoute?: RoutePath }) {
  return (
    <LinksCard
      strings={strings}
      heading="selfService.done.heading"
      body="selfService.done.body"
      links={[{ route: loginRoute, label: 'selfService.done.login', href: at(paths, 'login') }]}
    />
  );
}

export function ChangeFailed({ strings, paths }: CardProps) {
  return (
    <LinksCard
      strings={strings}
      heading="selfService.changeFailed.heading"
      body="selfService.changeFailed.body"
      links={[
        { route: routes.login, label: 'selfService.changeFailed.login', href: at(paths, 'login') },
        { route: routes.selfService, label: 'selfService.changeFailed.back', href: at(paths, 'self-service') },
      ]}
    />
  );
}
