/**
 * The end of a flow (spec §2 "Navigation rules"): route_to, else an allowed return_url/redirect_uri, else account
 * settings. Apart from ./browser so that the redirect rules and the allow-list (./redirect-target,
 * src/shared/redirect.ts) load only on the pages whose screens end a flow, as their own small file
 * (src/build/chunk-groups.ts `flow-end`), not with every page.
 */
import { currentLocale, currentQuery, goTo, redirectPolicy } from './page';
import { resolveRedirect } from './redirect-target';

export function redirectHref(): string {
  return resolveRedirect({ locale: currentLocale(), query: currentQuery(), policy: redirectPolicy() });
}

export function redirectAfterFlow(replace = true): void {
  goTo(redirectHref(), replace);
}
