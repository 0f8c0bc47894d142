/**
 * Locale redirects, unknown paths and signed-out visits to login-required
 * pages for every page under /account/ (spec §2). Static assets under
 * /account/_astro are excluded by public/_routes.json.
 */
import { parse, serialize } from 'hono/utils/cookie';
import { LOCALE_COOKIE } from '../../src/i18n/locales';
import { routeMissing, routeRequest } from '../../src/edge/locale-routing';
import { loginRedirect } from '../../src/edge/login-redirect';
import { ACCOUNT_BASE } from '../../src/routes/paths';
import { SESSION_COOKIE } from '../../src/shared/contract/http';

const ONE_YEAR = 60 * 60 * 24 * 365;

function redirect(location: string, status: 302 | 303 = 302): Response {
  return new Response(null, { status, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** What a page may be fetched with; anything else is a form posted without its island. */
const READ_METHODS = new Set(['GET', 'HEAD']);

async function errorPage(assets: Fetcher, origin: string, locale: string, status: 404 | 500): Promise<Response> {
  const page = await assets.fetch(new URL(`${ACCOUNT_BASE}/${locale}/${status}`, origin));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(page.body, { status, headers });
}

export const onRequest: PagesFunction<{ ASSETS: Fetcher }> = async (context) => {
  const url = new URL(context.request.url);
  const cookieLocale = parse(context.request.headers.get('Cookie') ?? '', LOCALE_COOKIE)[LOCALE_COOKIE];
  const decision = routeRequest(url.pathname, url.search, cookieLocale);
  if (decision.kind === 'outside') return context.next();
  // A page form posted before its island hydrated, or with JavaScript off (the forms post, so a password never
  // lands in a URL): the static host would answer 405. See Other sends the browser back to the page with a GET;
  // the body, which may hold a password, is never read, echoed or logged.
  if (!READ_METHODS.has(context.request.method))
    return redirect(decision.kind === 'redirect' ? decision.location : `${url.pathname}${url.search}`, 303);
  if (decision.kind === 'redirect') return redirect(decision.location);

  let response: Response;
  try {
    response = await context.next();
  } catch {
    return errorPage(context.env.ASSETS, url.origin, decision.locale, 500);
  }
  if (response.status === 404) {
    const missing = routeMissing(url.pathname, url.search, decision.locale);
    if (missing.kind === 'redirect') return redirect(missing.location);
    return errorPage(context.env.ASSETS, url.origin, decision.locale, 404);
  }
  if (response.status >= 500) return errorPage(context.env.ASSETS, url.origin, decision.locale, 500);

  // A page that exists and requires login, asked for without a session: login now, not after its scripts ran.
  const toLogin =
    response.ok || response.status === 304
      ? loginRedirect({
          pathname: url.pathname,
          search: url.search,
          locale: decision.locale,
          origin: url.origin,
          sessionCookie: parse(context.request.headers.get('Cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE],
          fetchDest: context.request.headers.get('Sec-Fetch-Dest'),
        })
      : undefined;
  if (toLogin !== undefined) {
    await response.body?.cancel();
    return redirect(toLogin);
  }

  // Spec §2: the locale in the URL is stored in the i18next cookie (only when it changes).
  if (cookieLocale !== decision.locale && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
    const headers = new Headers(response.headers);
    headers.append(
      'Set-Cookie',
      serialize(LOCALE_COOKIE, decision.locale, {
        path: '/',
        maxAge: ONE_YEAR,
        sameSite: 'Lax',
        secure: url.protocol === 'https:',
      }),
    );
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  return response;
};
