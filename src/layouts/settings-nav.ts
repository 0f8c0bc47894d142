/**
 * The settings navigation (spec §2 "Settings"), from the route registry's
 * meta: `setting` has six children, each a section (`settingsSection` naming
 * itself); the navigation links to those that have a screen in this build, in
 * registry order. Screens below a section (trusted devices, the authenticator
 * set-up, the verification screens) name their section in their meta, and
 * the navigation marks it as the current one.
 */
import { ROUTES, routeByName, type RouteName, type SettingsSection } from '../routes/registry';

function isOwnSection(
  route: (typeof ROUTES)[number],
): route is Extract<(typeof ROUTES)[number], { name: SettingsSection }> {
  const meta: { settingsSection?: SettingsSection } = route.meta;
  return meta.settingsSection === route.name;
}

/** The sections, in registry order (the spec's order of `setting`'s children). */
export const SETTINGS_CHILDREN: readonly SettingsSection[] = ROUTES.filter(isOwnSection).map((route) => route.name);

/** The sections to link to, given which routes have a screen. */
export function settingsNavItems(hasScreen: (name: RouteName) => boolean): SettingsSection[] {
  return SETTINGS_CHILDREN.filter((name) => hasScreen(name));
}

/** The section a screen belongs to, for aria-current; undefined when none. */
export function settingsSection(name: RouteName): SettingsSection | undefined {
  const meta: { settingsSection?: SettingsSection } = routeByName(name).meta;
  return meta.settingsSection;
}
