/**
 * A self-service screen that is a message and links (the hub, too many
 * attempts, password changed): rendered at build time, the links get the
 * carried query values (parental_flow_mode, route_to, return_url) when the
 * island runs, so they survive every step (spec §2).
 */
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import type { MessageKey } from '../../i18n/keys';
import type { RoutePath } from '../../client/navigation/href';
import { useHydrated } from '../shared/use-page-query';

export interface CardLink {
  route: RoutePath;
  label: MessageKey;
  /** The build-time href (without the page's query), until the island runs. */
  href: string;
}

export interface LinksCardProps {
  strings: Strings;
  heading: MessageKey;
  body: MessageKey;
  links: readonly CardLink[];
}

export function LinksCard({ strings, heading, body, links }: LinksCardProps) {
  const t = createT(strings);
  // The page's query travels in the links once hydrated (hrefTo reads it); the built HTML has the plain ones.
  const hydrated = useHydrated();
  const hrefs = links.map((l) => (hydrated ? hrefTo(l.route) : l.href));
  return (
    <section className="card" aria-labelledby="ss-card-heading">
      <h1 id="ss-card-heading">{t(heading)}</h1>
      <p>{t(body)}</p>
      <div className="actions stacked">
        {links.map((l, i) => (
          <a key={l.route} className={i === 0 ? 'button primary block' : 'button block'} href={hrefs[i]}>
            {t(l.label)}
          </a>
        ))}
      </div>
    </section>
  );
}
