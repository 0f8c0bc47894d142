/**
 * Signed-out visits to login-required pages are redirected at the edge (src/edge/login-redirect.ts, wired in
 * functions/account/_middleware.ts) exactly as the page's guard would redirect them in the browser, and only when
 * that is certain: no session cookie, a top-level page load.
 */
import { describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../../functions/account/_middleware';
import { guardRoute } from '../../../src/client/navigation/guards';
import { loginRedirect, routeOfPath, type PageRequest } from '../../../src/edge/login-redirect';
import global from '../../../src/regions/global';
import { expandRoutePaths, ROUTES } from '../../../src/routes/registry';
import { SESSION_COOKIE } from '../../../src/shared/contract/http';

const ORIGIN = 'https://account.example.com';

function request(pathname: string, extra: Partial<PageRequest> = {}): PageRequest {
  return {
    pathname,
    search: '',
    locale: 'en',
    origin: ORIGIN,
    sessionCookie: undefined,
    fetchDest: 'document',
    ...extra,
  };
}

describe('loginRedirect', () => {
  it('sends a signed-out visitor to login with return_url, as the page guard does (tests/e2e/two-factor.spec.ts)', () => {
    expect(loginRedirect(request('/account/en/setting/manage-trusted-devices'))).toBe(
      '/account/en/login?return_url=%2Faccount%2Fen%2Fsetting%2Fmanage-trusted-devices',
    );
    expect(loginRedirect(request('/account/de/setting/security', { locale: 'de' }))).toBe(
      '/account/de/login?return_url=%2Faccount%2Fde%2Fsetting%2Fsecurity',
    );
  });

  it('keeps the query in return_url and carries the carried values', () => {
    expect(
      loginRedirect(request('/account/en/setting/security', { search: '?unified=1&foo=bar&route_to=security' })),
    ).toBe(
      '/account/en/login?route_to=security&unified=1&return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity%3Funified%3D1%26foo%3Dbar%26route_to%3Dsecurity',
    );
  });

  it('sends an alias to its target first, as the page guard does', () => {
    expect(loginRedirect(request('/account/en/setting'))).toBe('/account/en/setting/account-overview');
  });

  it.each([
    ['a session cookie', { sessionCookie: 'token' }],
    ['a framed load (app mode)', { fetchDest: 'iframe' }],
    ['a request that does not say what it loads', { fetchDest: null }],
    ['a script fetching the page', { fetchDest: 'empty' }],
  ])('leaves the page to its guard with %s', (_name, extra: Partial<PageRequest>) => {
    expect(loginRedirect(request('/account/en/setting/security', extra))).toBeUndefined();
  });

  it.each([
    '/account/en/login',
    '/account/en/create',
    '/account/en/error',
    '/account/en/self-service/reset-password',
    '/account/en/global/xbox/login',
  ])('serves %s, which needs no login', (pathname) => {
    expect(loginRedirect(request(pathname))).toBeUndefined();
  });

  // Every concrete page of every route: the edge finds the route the build generated the page for, and redirects
  // exactly where the guard redirects a signed-out visitor of a login-required route.
  const pages = ROUTES.flatMap((route) => expandRoutePaths(route, global).map((relPath) => ({ route, relPath })));
  it.each(pages.map(({ route, relPath }) => [relPath, route] as const))('%s', (relPath, route) => {
    expect(routeOfPath(relPath)?.route.name).toBe(route.name);
    const pathname = `/account/en/${relPath}`;
    const expected = route.meta.requiresLogin
      ? guardRoute({
          route,
          params: routeOfPath(relPath)?.params ?? {},
          locale: 'en',
          query: new URLSearchParams(),
          currentPath: pathname,
          policy: { suffixes: global.redirectDomainSuffixes, origin: ORIGIN },
          loggedIn: false,
        })
      : ({ kind: 'allow' } as const);
    expect(loginRedirect(request(pathname))).toBe(expected.kind === 'redirect' ? expected.href : undefined);
    // The page file's own URL is the same page; return_url is the URL the visitor asked for, as in the browser.
    expect(loginRedirect(request(`${pathname}.html`)) === undefined).toBe(expected.kind !== 'redirect');
  });
});

describe('the Pages Function', () => {
  type Context = Parameters<typeof onRequest>[0];

  async function visit(path: string, headers: Record<string, string>, asset = new Response('<html>', { status: 200 })) {
    const next = vi.fn(() => Promise.resolve(asset));
    const context = {
      request: new Request(`${ORIGIN}${path}`, { headers }),
      next,
      env: { ASSETS: { fetch: () => Promise.resolve(new Response('<html>404</html>', { status: 200 })) } },
    } as unknown as Context;
    return { response: await onRequest(context), next };
  }

  it('redirects a signed-out page load of a settings page to login', async () => {
    const { response } = await visit('/account/en/setting/security', { 'Sec-Fetch-Dest': 'document' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/en/login?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('serves the page with a session cookie, and in app mode', async () => {
    for (const headers of [
      { 'Sec-Fetch-Dest': 'document', Cookie: `${SESSION_COOKIE}=abc; i18next=en` },
      { 'Sec-Fetch-Dest': 'iframe' },
    ]) {
      const { response } = await visit('/account/en/setting/security', headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('leaves the asset server’s own redirects alone', async () => {
    const moved = new Response(null, { status: 308, headers: { Location: '/account/en/setting/security' } });
    const { response } = await visit('/account/en/setting/security.html', { 'Sec-Fetch-Dest': 'document' }, moved);
    expect(response.status).toBe(308);
  });

  it('answers a missing page with the 404 page, signed out or not', async () => {
    const { response } = await visit(
      '/account/en/setting/nothing-here',
      { 'Sec-Fetch-Dest': 'document' },
      new Response('', { status: 404 }),
    );
    expect(response.status).toBe(404);
  });
});
