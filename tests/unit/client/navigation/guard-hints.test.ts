/**
 * The app shell decides from the build-time guard hints whether to load the
 * full guards. These tests hold the hints to the registry guards: wherever
 * the hints say no guard may act, the full guards must let the visitor stay
 * for every route, region path, login state, consent state and a query that
 * would redirect; and the settings refresh is due exactly where the registry
 * says, with or without the full guards.
 */
import { describe, expect, it } from 'vitest';
import {
  guardHints,
  guardsMayAct,
  hintsNeedLoginState,
  parseGuardHints,
  settingsDue,
} from '../../../../src/client/navigation/guard-hints';
import { AUTOLOGIN_ROUTES } from '../../../../src/client/launcher/autologin-routes';
import { guardRoute, needsLoginState } from '../../../../src/client/navigation/guards';
import { matchParams } from '../../../../src/client/navigation/href';
import { regions } from '../../../../src/regions/index';
import { expandRoutePaths, isRouteName, ROUTES, routeByName } from '../../../../src/routes/registry';

const policy = { suffixes: regions.global.redirectDomainSuffixes, origin: 'https://account.lumenforge.com' };

describe('guard hints (spec §2, derived from the registry)', () => {
  it('ask for the login state exactly where the registry guard needs it', () => {
    for (const route of ROUTES) {
      expect(hintsNeedLoginState(new Set(guardHints(route))), route.name).toBe(needsLoginState(route));
    }
  });

  it('never skip a guard that would act', () => {
    for (const route of ROUTES) {
      const hints = new Set(guardHints(route));
      const paths = Object.values(regions).flatMap((r) => expandRoutePaths(route, r));
      for (const relPath of new Set(paths))
        for (const loggedIn of [true, false, undefined])
          for (const parentalConsentSet of [true, false, undefined])
            for (const qs of ['', 'route_to=security', 'return_url=https%3A%2F%2Fwww.lumenforge.com%2F']) {
              if (guardsMayAct(hints, loggedIn)) continue;
              const decision = guardRoute({
                route,
                params: matchParams(route.path, relPath) ?? {},
                locale: 'en',
                query: new URLSearchParams(qs),
                currentPath: `/account/en/${relPath}`,
                policy,
                loggedIn,
                parentalConsentSet,
              });
              expect(decision, `${route.name} ${relPath} ${String(loggedIn)}`).toEqual({ kind: 'allow' });
            }
    }
  });

  it('say the settings refresh is due exactly where the registry does', () => {
    for (const route of ROUTES)
      for (const loggedIn of [true, false, undefined])
        expect(settingsDue(new Set(guardHints(route)), loggedIn), `${route.name} ${String(loggedIn)}`).toBe(
          route.meta.needsSettings === true && loggedIn === true,
        );
  });

  it('read the account of a signed-in player on a settings page without the full guards', () => {
    const hints = new Set(guardHints(routeByName('change-name')));
    expect([...hints]).toEqual(['requires-login', 'settings']);
    expect(guardsMayAct(hints, true)).toBe(false);
    expect(settingsDue(hints, true)).toBe(true);
    expect(guardsMayAct(hints, false)).toBe(true);
    // The full guards keep the launcher's silent login on its screens; none of them reads the account.
    for (const name of AUTOLOGIN_ROUTES) {
      expect(isRouteName(name), name).toBe(true);
      if (isRouteName(name)) expect(routeByName(name).meta.needsSettings, name).not.toBe(true);
    }
  });

  it('leave the login page to a logged-out visitor without the full guards', () => {
    const hints = new Set(guardHints(routeByName('login')));
    expect([...hints]).toEqual(['logged-out-only']);
    expect(guardsMayAct(hints, false)).toBe(false);
    expect(guardsMayAct(hints, undefined)).toBe(false);
    expect(guardsMayAct(hints, true)).toBe(true);
  });

  it('read back what the Shell renders, ignoring anything else', () => {
    expect([...parseGuardHints('requires-login more settings')]).toEqual(['requires-login', 'more', 'settings']);
    expect([...parseGuardHints('logged-out-only bogus')]).toEqual(['logged-out-only']);
    expect(parseGuardHints(undefined).size).toBe(0);
    expect(parseGuardHints('').size).toBe(0);
  });
});
