/** The site root belongs to the portal: send visitors to their locale's login (spec §2). */
import { routeRequest } from '../src/edge/locale-routing';
import { parse } from 'hono/utils/cookie';
import { LOCALE_COOKIE } from '../src/i18n/locales';
import { ACCOUNT_BASE } from '../src/routes/paths';

export const onRequestGet: PagesFunction = (context) => {
  const url = new URL(context.request.url);
  const cookieLocale = parse(context.request.headers.get('Cookie') ?? '', LOCALE_COOKIE)[LOCALE_COOKIE];
  const decision = routeRequest(ACCOUNT_BASE, url.search, cookieLocale);
  const location = decision.kind === 'redirect' ? decision.location : `${ACCOUNT_BASE}/en/login`;
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
};
