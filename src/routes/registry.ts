/**
 * The route registry: every route of spec §2, once. Pages, guards, the
 * Functions' unknown-path handling, the security-header generator, sitemaps,
 * docs and tests all read this table; nothing lists routes twice.
 *
 * Paths are relative to /account/{locale}/. `{name}` is a required parameter,
 * `{name?}` an optional one; a parameter's static values come from `PARAM_SOURCES`
 * (region config or a fixed list), so a region build prebuilds only what it serves.
 */
import type { RegionConfig } from '../regions/schema';
import { fillTemplate, templateParams } from './path-template.ts';

export type RouteGroup =
  | 'login'
  | 'creation'
  | 'settings'
  | 'parental'
  | 'global'
  | 'platform'
  | 'self-service'
  | 'unified'
  | 'gamescale'
  | 'staff'
  | 'system';

export interface RouteMeta {
  /** Spec §6: settings routes, authorize, newsletter SMS opt-in. */
  requiresLogin?: true;
  /** Spec §2: a logged-in visitor goes to route_to or the default redirect. */
  loggedOutOnly?: true;
  /** Settings info must load before the screen shows (spec §2 "Settings"). */
  needsSettings?: true;
  /** Parental-consent guard: 'unset' routes go to vpc-complete when consent is set, 'set' routes go to start when it is not. */
  parentalConsent?: 'set' | 'unset';
  /** Carries parental_flow_mode (self-service group). */
  carriesParentalFlowMode?: true;
  /** Route meta hideFooter (spec §2 "App shell"). */
  hideFooter?: true;
  /** Name of the unified counterpart (login → unified-login, create → unified-create); checked by tests/unit/routes.test.ts. */
  unifiedVariant?: string;
  /** This route only redirects to another named route; checked by tests/unit/routes.test.ts. */
  redirectTo?: string;
  /** The launcher may frame this route (frame-ancestors allows the launcher origins). */
  embeddable?: true;
  /** Query parameters this screen reads (spec §2 "params"). */
  query?: readonly string[];
  /**
   * The section of the settings navigation this route belongs to (spec §2 "Settings": the six children of
   * `setting`). A section's own route names itself, and the navigation lists those, in registry order; a screen
   * below one (trusted devices under security) names its section, which the navigation marks as current.
   */
  settingsSection?: SettingsSection;
}

/** Spec §2: the children of `setting`, each a section of the settings navigation. */
export type SettingsSection =
  | 'account-overview'
  | 'personal-info'
  | 'security'
  | 'linked-account'
  | 'communication-preference'
  | 'parental-controls';

export interface RouteDef {
  readonly name: string;
  readonly path: string;
  readonly group: RouteGroup;
  readonly meta: RouteMeta;
}

/** Fixed values for parameters that do not come from region config. */
export const SOCIAL_LINK_CASES = ['1', '2', '3', '4', '5'] as const;
export const PASSWORD_TYPES = ['create', 'change'] as const;

/** Where each path parameter's static values come from. */
export const PARAM_SOURCES = {
  socialProvider: (r: RegionConfig) => r.socialProviders,
  provider: (r: RegionConfig) => r.socialProviders,
  platform: (r: RegionConfig) => r.consolePlatforms,
  case: () => SOCIAL_LINK_CASES,
  type: () => PASSWORD_TYPES,
  setting: () => ['setting'] as const,
} satisfies Record<string, (r: RegionConfig) => readonly string[]>;
export type ParamName = keyof typeof PARAM_SOURCES;

const login = { loggedOutOnly: true, embeddable: true } as const;
const settings = { requiresLogin: true, needsSettings: true } as const;
const selfService = { loggedOutOnly: true, carriesParentalFlowMode: true, embeddable: true } as const;
const platform = { embeddable: true } as const;

function r<const N extends string>(name: N, path: string, group: RouteGroup, meta: RouteMeta = {}) {
  return { name, path, group, meta } as const;
}

export const ROUTES = [
  // Login group
  r('login', 'login', 'login', { ...login, unifiedVariant: 'unified-login', query: ['return_url', 'errorCode'] }),
  r('login-parent', 'login/parent', 'login', { ...login, carriesParentalFlowMode: true }),
  r('logout', 'logout', 'login', { hideFooter: true }),
  r('login-tpa', 'login/tpa/{socialProvider?}', 'login', login),
  r('login-social-link', 'login/social-link/{case}', 'login', { embeddable: true }),
  r('login-callback', 'login/callback/{socialProvider}', 'login', { embeddable: true, hideFooter: true }),
  r('login-cb', 'login/cb/{socialProvider}', 'login', { embeddable: true, hideFooter: true }),
  r('login-tpa-callback-app', 'login/tpa-callback-app', 'login', { embeddable: true, hideFooter: true }),
  r('login-s-mode', 'login/s-mode', 'login', login),
  r('login-n-mode', 'login/n-mode', 'login', login),
  r('login-success', 'login/success', 'login', { embeddable: true }),
  r('login-zendesk', 'login/zendesk', 'login', { embeddable: true }),
  r('login-sso', 'login/sso', 'login', { embeddable: true }),
  r('login-migration-tpa', 'login/migration-tpa', 'login', login),
  r('login-migration-complete', 'login/migration-complete', 'login', { embeddable: true }),
  r('login-auth-types', 'login/auth-types', 'login', login),
  r('login-verify-device', 'login/verify-device', 'login', login),
  r('login-verify-code', 'login/verify-code', 'login', login),
  r('login-verify-backup-code', 'login/verify-backup-code', 'login', login),
  // Signed in only (its account read answers 20001 otherwise): the guard sends others to login first, as the
  // handler of that refusal did, without the refused call.
  r('login-verify-account', 'login/verify-account', 'login', { embeddable: true, requiresLogin: true }),
  r('login-verify-sms', 'login/verify-sms', 'login', login),
  // A signed-in player's move to the support desk (docs/support-desk.md): the guard sends others to login first.
  r('login-move-to-zendesk', 'login/move-to-zendesk', 'login', { embeddable: true, requiresLogin: true }),

  // Account creation and misc
  r('create', 'create', 'creation', { ...login, unifiedVariant: 'unified-create' }),
  r('create-complete', 'create/complete', 'creation', { embeddable: true }),
  r('create-parent-consent-required', 'create/parent-consent-required', 'creation', { embeddable: true }),
  r('create-parent', 'create/parent', 'creation', { ...login, carriesParentalFlowMode: true }),
  r('create-tpa', 'create-tpa', 'creation', login),
  r('create-verify-code-tpa', 'create/verify/code-tpa', 'creation', login),
  r('create-legacy', 'create-legacy', 'creation', login),
  // A signed-in screen (issue 12): the settings navigation marks communication preferences, where SMS needs it.
  r('verify-phone', 'verify-phone', 'creation', {
    ...settings,
    embeddable: true,
    query: ['needHealup', 'phoneNumber'],
    settingsSection: 'communication-preference',
  }),
  // Not named in spec §2: the landing page of the emailed verification link (spec §4 "Account verification").
  r('verify-email', 'verify-email', 'creation', { embeddable: true, query: ['token'] }),
  r('healup', 'healup', 'creation', { embeddable: true, query: ['items', 'mode'] }),
  r('link', 'link/{provider}', 'creation', { embeddable: true }),
  r('error', 'error', 'system', { embeddable: true, query: ['reason'] }),
  r('maintenance', 'maintenance', 'system', { embeddable: true, hideFooter: true }),
  r('newsletter-opt-out', 'newsletter/opt-out', 'creation', { query: ['token'] }),
  r('newsletter-sms-opt-in', 'newsletter/sms-opt-in', 'creation', { requiresLogin: true }),
  r('opt-in-sms', '{setting?}/opt-in-sms', 'creation', { requiresLogin: true }),
  r('pre-signup-newsletter-opt-out', 'pre-signup/newsletter/opt-out', 'creation', { query: ['token'] }),
  r('reset-password', 'reset-password', 'creation', { redirectTo: 'self-reset-password' }),
  // A legacy account's reset is the self-service reset: after the code it shows the email the account now signs in
  // with (self-service/confirm-email), then takes the new password (docs/legacy.md).
  r('reset-password-legacy', 'reset-password-legacy', 'creation', {
    embeddable: true,
    redirectTo: 'self-reset-password',
  }),
  r('authorize', 'authorize', 'creation', { requiresLogin: true, embeddable: true }),
  // The link in the notice an old address gets after an email change: works signed out (docs/settings.md).
  r('revert-id', 'revert-id', 'creation', { query: ['token'] }),
  r('revert-id-success', 'revert-id-success', 'creation'),
  // Not in spec §2: the landing page of a security alert's "this wasn't me" link (issue 18, docs/passkeys.md).
  r('not-me', 'security/not-me', 'creation', { query: ['token'] }),

  // Settings (require login; settings info must load)
  r('setting', 'setting', 'settings', { ...settings, redirectTo: 'account-overview' }),
  r('account-overview', 'setting/account-overview', 'settings', { ...settings, settingsSection: 'account-overview' }),
  r('personal-info', 'setting/personal-info', 'settings', { ...settings, settingsSection: 'personal-info' }),
  r('security', 'setting/security', 'settings', { ...settings, settingsSection: 'security' }),
  r('linked-account', 'setting/linked-account', 'settings', { ...settings, settingsSection: 'linked-account' }),
  r('communication-preference', 'setting/communication-preference', 'settings', {
    ...settings,
    settingsSection: 'communication-preference',
  }),
  r('parental-controls', 'setting/parental-controls', 'settings', {
    ...settings,
    settingsSection: 'parental-controls',
  }),
  r('verify-account', 'setting/verify-account', 'settings', { ...settings, settingsSection: 'security' }),
  r('setting-password', 'setting/password/{type?}', 'settings', { ...settings, settingsSection: 'security' }),
  r('change-email', 'setting/change-email', 'settings', { ...settings, settingsSection: 'personal-info' }),
  r('change-name', 'setting/change-name', 'settings', { ...settings, settingsSection: 'personal-info' }),
  r('manage-payment-methods', 'setting/manage-payment-methods', 'settings', {
    ...settings,
    settingsSection: 'personal-info',
  }),
  r('manage-trusted-devices', 'setting/manage-trusted-devices', 'settings', {
    ...settings,
    settingsSection: 'security',
  }),
  r('promo-2fa', 'promo-2fa', 'settings', settings),
  r('settings-social-link', 'settings/social-link/{socialProvider}', 'settings', {
    ...settings,
    settingsSection: 'linked-account',
  }),
  r('authenticator-enable', 'setting/authenticator-enable', 'settings', { ...settings, settingsSection: 'security' }),
  r('verify-code-2fa-settings', 'setting/verify-code', 'settings', { ...settings, settingsSection: 'security' }),
  r('verify-backup-code', 'setting/verify-backup-code', 'settings', { ...settings, settingsSection: 'security' }),
  r('auth-types-2fa-settings', 'setting/auth-types', 'settings', { ...settings, settingsSection: 'security' }),
  r('verify-code-sms-settings', 'setting/verify-sms', 'settings', { ...settings, settingsSection: 'security' }),

  // Parental controls
  r('parental-controls-not-eligible', 'parental-controls/not-eligible', 'parental', settings),
  r('parental-start', 'setting/parental-controls/start', 'parental', {
    ...settings,
    parentalConsent: 'unset',
    settingsSection: 'parental-controls',
  }),
  r('vpc', 'setting/parental-controls/vpc', 'parental', {
    ...settings,
    parentalConsent: 'unset',
    settingsSection: 'parental-controls',
  }),
  r('vpc-sms', 'setting/parental-controls/vpc/sms', 'parental', {
    ...settings,
    parentalConsent: 'unset',
    settingsSection: 'parental-controls',
  }),
  r('vpc-complete', 'setting/parental-controls/vpc/complete', 'parental', {
    ...settings,
    parentalConsent: 'set',
    settingsSection: 'parental-controls',
  }),
  r('add-child-signup', 'setting/parental-controls/add-child/signup', 'parental', {
    ...settings,
    parentalConsent: 'set',
    settingsSection: 'parental-controls',
  }),
  r('add-child-login', 'setting/parental-controls/add-child/login', 'parental', {
    ...settings,
    parentalConsent: 'set',
    settingsSection: 'parental-controls',
  }),
  r('add-child-complete', 'setting/parental-controls/add-child/complete', 'parental', {
    ...settings,
    parentalConsent: 'set',
    settingsSection: 'parental-controls',
  }),

  // Global and platform
  r('global-signup', 'global/signup', 'global', platform),
  r('global-login', 'global/login', 'global', { ...platform, loggedOutOnly: true }),
  r('global-callback-social', 'global/callback/social/{socialProvider?}', 'global', { ...platform, hideFooter: true }),
  r('global-authorize', 'global/authorize', 'global', { ...platform, requiresLogin: true }),
  r('global-reset-password', 'global/reset-password', 'global', platform),
  r('global-reset-password-smode', 'global/reset-password/smode', 'global', platform),
  r('global-reset-password-nmode', 'global/reset-password/nmode', 'global', platform),
  r('global-reset-password-success', 'global/reset-password/success', 'global', platform),
  r('global-verify-code', 'global/verify/code', 'global', platform),
  r('global-verify-success', 'global/verify/success', 'global', platform),
  r('global-privacy-policy', 'global/privacy-policy', 'global', platform),
  r('global-terms-of-use', 'global/terms-of-use', 'global', platform),
  r('global-error', 'global/error', 'global', platform),
  r('global-activate', 'global/activate', 'global', { ...platform, requiresLogin: true, query: ['user_code'] }),
  r('platform-login', 'global/{platform}/login', 'platform', platform),
  r('platform-verify-linking-auth-types', 'global/{platform}/verify-linking/auth-types', 'platform', platform),
  r('platform-verify-linking-code', 'global/{platform}/verify-linking/code', 'platform', platform),
  r('platform-verify-linking-sms', 'global/{platform}/verify-linking/sms', 'platform', platform),
  r('platform-verify-linking-2fa', 'global/{platform}/verify-linking/2fa', 'platform', platform),
  r('platform-login-callback-social', 'global/{platform}/login/callback/social/{socialProvider?}', 'platform', {
    ...platform,
    hideFooter: true,
  }),
  r('platform-social-link', 'global/{platform}/social-link/{case}', 'platform', platform),
  r('platform-link-success', 'global/{platform}/link-success', 'platform', { ...platform, query: ['email', 'tag'] }),
  r('platform-link-failed', 'global/{platform}/link-failed', 'platform', platform),
  r('platform-instruction', 'global/{platform}/instruction', 'platform', platform),
  r('external-login', 'external/login', 'global', platform),
  r('simple-login', 'simple/login', 'global', { ...platform, loggedOutOnly: true }),
  r('simple-signup', 'simple/signup', 'global', { ...platform, loggedOutOnly: true }),
  r('frame', 'frame', 'global', { ...platform, hideFooter: true }),
  r('simple-reset-password', 'simple/reset-password', 'global', platform),

  // Self-service (carries parental_flow_mode; logged out only)
  r('self-service', 'self-service', 'self-service', selfService),
  r('self-reset-password', 'self-service/reset-password', 'self-service', {
    ...selfService,
    // token: a single-use reset link (server/self-service/reset-token.ts), the screen's second entry.
    query: ['showPasswordFields', 'isSetupPassword', 'token'],
  }),
  r('self-confirm-email', 'self-service/confirm-email', 'self-service', { ...selfService, query: ['currentEmail'] }),
  r('self-reset-password-success', 'self-service/reset-password/success', 'self-service', selfService),
  r('self-find-email', 'self-service/find-email', 'self-service', selfService),
  r('self-find-email-completed', 'self-service/find-email/completed', 'self-service', {
    ...selfService,
    query: ['foundAccount', 'anotherRegion', 'isLegacy'],
  }),
  r('self-change-email', 'self-service/change-email', 'self-service', { ...selfService, query: ['showNewEmailField'] }),
  r('self-change-email-completed', 'self-service/change-email/completed', 'self-service', {
    ...selfService,
    query: ['accountId', 'isLegacy'],
  }),
  r('self-change-email-failed', 'self-service/change-email/failed', 'self-service', selfService),
  r('self-no-access-to-authenticator', 'self-service/no-access-to-authenticator', 'self-service', selfService),
  r('self-auth-types', 'self-service/auth-types', 'self-service', selfService),
  r('self-verify-2fa', 'self-service/verify-code', 'self-service', selfService),
  r('self-verify-email', 'self-service/verify-account', 'self-service', { ...selfService, query: ['isSetupPassword'] }),
  r('self-verify-sms', 'self-service/verify-sms', 'self-service', selfService),
  r('self-many-attempts', 'self-service/too-many-attempts', 'self-service', selfService),
  r('self-verify-ownership', 'self-service/verify', 'self-service', selfService),
  // The case reference (issue 13 part B, docs/support-cases.md): from the form, and the rejection email's link.
  r('self-verify-escalate', 'self-service/verify/escalate', 'self-service', { ...selfService, query: ['reference'] }),
  r('self-verify-rejected', 'self-service/verify/rejected', 'self-service', { ...selfService, query: ['reference'] }),

  // Unified and other
  r('unified-login', 'unified/login', 'unified', login),
  r('unified-create', 'unified/create', 'unified', login),
  // The phone calls they make are the account's (docs/global-screens.md): a signed-in player only.
  r('gamescale-verify-sms', 'gamescale/verify-sms', 'gamescale', { embeddable: true, requiresLogin: true }),
  r('gamescale-verify-code', 'gamescale/verify-code', 'gamescale', { embeddable: true, requiresLogin: true }),

  // The staff console (issue 28; docs/staff-console.md): not spec §2, not for players. Its own session
  // (server/staff/session.ts): no player guard applies, and maintenance does not send it away (its admins switch
  // maintenance off from staff-ops). Every name starts with `staff-` (src/client/startup/main.ts relies on it).
  r('staff-login', 'staff/login', 'staff', { hideFooter: true }),
  r('staff-console', 'staff', 'staff', { hideFooter: true, query: ['account'] }),
  r('staff-audit', 'staff/audit', 'staff', { hideFooter: true }),
  r('staff-ops', 'staff/ops', 'staff', { hideFooter: true }),
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

export const ROUTE_BY_NAME: ReadonlyMap<RouteName, RouteDef> = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: RouteName): RouteDef {
  const route = ROUTE_BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

export function isRouteName(value: string): value is RouteName {
  return ROUTE_BY_NAME.has(value as RouteName);
}

/** The parameter names of a path pattern, in order, with whether each is optional. */
export function routeParams(path: string): { name: ParamName; optional: boolean }[] {
  // The registry's paths name only parameters of PARAM_SOURCES (tests/unit/routes.test.ts).
  return templateParams(path).map((p) => ({ name: p.name as ParamName, optional: p.optional }));
}

/**
 * Every concrete path of a route for a region build: optional parameters
 * produce the bare path as well as one path per value.
 */
export function expandRoutePaths(route: RouteDef, region: RegionConfig): string[] {
  let paths = [route.path];
  for (const param of routeParams(route.path)) {
    const token = `{${param.name}${param.optional ? '?' : ''}}`;
    const values = PARAM_SOURCES[param.name](region);
    paths = paths.flatMap((p) => {
      const filled = values.map((v) => p.replace(token, v));
      if (!param.optional) return filled;
      const bare = p.replace(`/${token}`, '').replace(`${token}/`, '');
      return [bare, ...filled];
    });
  }
  return paths;
}

/** Fills a path pattern; missing optional params are dropped. Throws on a missing required one. */
export function buildPath(name: RouteName, params: Record<string, string> = {}): string {
  return fillTemplate(name, routeByName(name).path, params);
}

/** Matches a locale-relative path ("login/tpa/google") to its route, or undefined. */
export function matchRoute(relPath: string, region: RegionConfig): RouteDef | undefined {
  const clean = relPath.replace(/^\/+|\/+$/g, '');
  return ROUTES.find((route) => expandRoutePaths(route, region).includes(clean));
}
