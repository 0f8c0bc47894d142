/**
 * The always-on app shell (spec §2 "App shell and dialogs"), plain
 * TypeScript loaded by Shell.astro on every page — not a React island, so a
 * page without islands ships no React. Order matters only where noted; every
 * step fails soft: a missing banner, background or configuration never
 * breaks the page.
 *
 * This folder is the page start-up: everything it imports statically loads
 * on every page, in one file (docs/performance.md). It checks its payloads
 * without zod (./payloads) and loads every other part with import(): the
 * parts in ../shell, the guards, the launcher bridge, the HTTP client.
 * tests/unit/client/startup/imports.test.ts holds it to that.
 */
import region from '@region';
import { ACCOUNT_BASE } from '../../routes/paths';
import { currentLocale, currentQuery, isAppMode, pageRouteName, unifiedCalls } from '../navigation/page';
import { hasEntryValues } from '../navigation/entry-keys';
import type { StoredParams } from '../navigation/stored-params';
import { $captcha } from '../stores/captcha';
import { $global, deviceFlagsFromUserAgent } from '../stores/global';
import { fetchConfiguration } from './api';
import { PARTNER_KEY_COOKIE, PRODUCT_ID_COOKIE, readCookie } from './cookies';
import { startCookieBanner } from './cookie-banner';
import { applyFooter } from './footer';
import { loginState, runGuards } from './guard-runner';
import { BACKGROUND_ROUTES } from './rules';
import { markPageStarted } from './page-started';
import { startNotice } from './notice';
import { bindLoadingOverlay } from './overlay';
import * as routes from '../../routes/refs';

/** The locale-relative path of this page ("global/xbox/login"). */
function relPath(locale: string): string {
  return location.pathname.replace(new RegExp(`^${ACCOUNT_BASE}/${locale}/?`), '').replace(/\.html$/, '');
}

/**
 * Stores prod_id, landing, partner key, app_type and app_id (spec §2); the partner key and product also as cookies.
 * Their rules load only for a visit that brings or kept some.
 */
async function storeEntryParams(query: URLSearchParams) {
  const kept: StoredParams = hasEntryValues(query)
    ? await import('../shell/entry-params').then((m) => m.keepEntryParams(query))
    : {};
  const productId = kept.productId ?? readCookie(PRODUCT_ID_COOKIE);
  const partnerKey = kept.partnerKey ?? readCookie(PARTNER_KEY_COOKIE);
  $global.set({
    ...$global.get(),
    productId: productId ?? null,
    partnerKey: partnerKey ?? null,
    landing: kept.landing ?? null,
    appType: kept.appType ?? 'web',
    appId: kept.appId ?? null,
    directReturn: query.has('direct_return'),
  });
  return { ...kept, productId };
}

/**
 * Spec §2: with no return_url, a trusted publisher/support referrer becomes return_url (kept in the URL, so it is
 * carried). The rule (and the redirect allow-list) loads only for a visitor arriving from another site without one.
 */
async function adoptTrustedReferrer(query: URLSearchParams): Promise<void> {
  if (query.has('return_url') || document.referrer === '') return;
  try {
    if (new URL(document.referrer).origin === location.origin) return;
  } catch {
    return;
  }
  const rules = await import('../navigation/referrer');
  const url = rules.referrerReturnUrl({
    query,
    referrer: document.referrer,
    origin: location.origin,
    trustedSuffixes: rules.publisherSuffixes(region),
  });
  if (url === undefined) return;
  query.set('return_url', url);
  history.replaceState(history.state, '', `${location.pathname}?${query.toString()}${location.hash}`);
}

/** Spec §2: configuration at start; a failed fetch is ignored; maintenance sends every page to the maintenance screen. */
async function loadConfiguration(routeName: string | undefined): Promise<boolean> {
  const config = await fetchConfiguration(unifiedCalls());
  if (config === undefined) return false;
  $global.setKey('configurations', config);
  $captcha.setKey('showCaptcha', config.showCaptcha);
  // Ops switched provider sign-in off: the shell's CSS hides every provider button ([data-social-start]).
  document.documentElement.toggleAttribute('data-social-off', !config.socialLoginEnabled);
  // The staff console stays up (its admins switch maintenance off there); its routes are named staff-* (registry).
  if (config.maintenance && routeName !== 'maintenance' && routeName?.startsWith('staff-') !== true) {
    await import('../navigation/browser').then((m) => {
      m.navigate(routes.maintenance, { replace: true });
    });
    return true;
  }
  return false;
}

/** Spec §9: only a region with a Vietnam content region needs to know where the visitor is. */
async function contentRegion(): Promise<string> {
  if (region.contentRules.vietnamContentRegion === null) return region.contentRegion;
  return import('../shell/content-region').then((m) => m.resolveContentRegion());
}

/**
 * When the stale-code watch loads, after start: a deployment passing a page by in its first ten seconds, with the
 * player then opening a step whose file is gone, is too rare to load the watch (328 B br) for before the player
 * can act.
 */
const STALE_WATCH_DELAY_MS = 10_000;

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}

/** The page's start; false when it leaves for the maintenance screen. */
async function start(): Promise<boolean> {
  // A page left open across a deployment reloads when its on-demand code is gone (../shell/stale-code). Not needed
  // in the page's first seconds, so it does not compete with the page's start (docs/performance.md).
  setTimeout(() => {
    whenIdle(() => void import('../shell/stale-code').then((m) => m.watchForStaleCode()));
  }, STALE_WATCH_DELAY_MS);
  const locale = currentLocale();
  const routeName = pageRouteName();
  const query = currentQuery();
  const appMode = isAppMode();

  // The entry values first: the host's "ready" (below) then means the product is kept, so a host or a player that
  // acts on it (opens sign-up at once) never leaves the page before the product cookie is written.
  const entry = await storeEntryParams(query);
  // The host bridge (messages, settings, the developer region selector) loads in app mode only.
  if (appMode)
    await import('../shell/app-host').then((m) => {
      m.startAppHost();
    });
  $global.set({
    ...$global.get(),
    lang: locale,
    device: { ...deviceFlagsFromUserAgent(navigator.userAgent), launcher: appMode, application: appMode },
    channel: appMode ? 'launcher' : $global.get().channel,
  });
  if (entry.appType !== undefined && entry.appType !== 'web' && entry.appType !== 'toy_region') {
    $global.setKey('channel', entry.appType);
  }
  await adoptTrustedReferrer(query);
  bindLoadingOverlay();
  // Cookies off (rare): shell.css then shows the Shell's notice, which says why signing in cannot work, and keeps the
  // banner out (it would ask for a choice it cannot keep). The mark is all the start-up does (docs/app-shell.md).
  if (navigator.cookieEnabled) startCookieBanner(appMode);
  else document.documentElement.toggleAttribute('data-no-cookies', true);

  const leaving = await loadConfiguration(routeName);
  if (leaving) return false;

  const content = await contentRegion();
  // The notice is fetched after start; the banner's code loads only for a file that has one.
  void startNotice(locale, content);
  if (routeName !== undefined && BACKGROUND_ROUTES.includes(routeName) && entry.productId !== undefined) {
    const productId = entry.productId;
    void import('../shell/background').then((m) => m.showGameBackground(productId, content));
  }

  // The launcher footer depends on the login state: ask for it in app mode even where no guard did.
  const loggedIn =
    (await runGuards(routeName, relPath(locale), appMode)) ?? (appMode ? await loginState(true) : undefined);
  const footer = { launcher: appMode, loggedIn, appType: entry.appType, landing: entry.landing !== undefined };
  applyFooter(footer);

  whenIdle(() => {
    // A screen that needs a token reports a load failure itself.
    if (region.captcha.provider !== 'dev')
      void import('../captcha/loader').then((m) => m.loadCaptcha().catch(() => undefined));
  });
  return true;
}

// The islands' warm-up waits for this (./page-started); a start-up that failed half-way lets it go as well.
void start().then(
  (stays) => {
    if (stays) markPageStarted();
  },
  () => {
    markPageStarted();
  },
);
