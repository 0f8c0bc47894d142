/**
 * The settings navigation (spec §2 "Settings"): `setting` has six children;
 * the navigation links to those that have a screen in this build, in the
 * spec's order. Screens below a child (trusted devices, the authenticator
 * set-up, the verification screens) mark their parent as the current section.
 */
import type { RouteName } from '../../routes/registry';

/** Spec §2: the children of `setting`, in the spec's order. */
export const SETTINGS_CHILDREN = [
  'account-overview',
  'personal-info',
  'security',
  'linked-account',
  'communication-preference',
  'parental-controls',
] as const satisfies readonly RouteName[];
export type SettingsChild = (typeof SETTINGS_CHILDREN)[number];

/** Settings screens that belong to a child section (the rest are their own section or none). */
const SECTION_OF: Partial<Record<RouteName, SettingsChild>> = {
  'manage-trusted-devices': 'security',
  'authenticator-enable': 'security',
  'verify-code-2fa-settings': 'security',
  'verify-backup-code': 'security',
  'auth-types-2fa-settings': 'security',
  'verify-code-sms-settings': 'security',
  'verify-account': 'security',
  'setting-password': 'security',
  'change-email': 'personal-info',
  'change-name': 'personal-info',
  'manage-payment-methods': 'personal-info',
  'settings-social-link': 'linked-account',
};

function isChild(name: RouteName): name is SettingsChild {
  return (SETTINGS_CHILDREN as readonly RouteName[]).includes(name);
}

/** The children to link to, given which routes have a screen. */
export function settingsNavItems(hasScreen: (name: RouteName) => boolean): SettingsChild[] {
  return SETTINGS_CHILDREN.filter((name) => hasScreen(name));
}

/** The section a settings screen belongs to, for aria-current; undefined when none. */
export function settingsSection(name: RouteName): SettingsChild | undefined {
  return isChild(name) ? name : SECTION_OF[name];
}
