import { describe, expect, it } from 'vitest';
import { ROUTES, type SettingsSection } from '../routes/registry';
import { SETTINGS_CHILDREN, settingsNavItems, settingsSection } from './settings-nav';

describe('settings navigation', () => {
  it('has the six children of setting, in the spec order', () => {
    expect(SETTINGS_CHILDREN).toEqual([
      'account-overview',
      'personal-info',
      'security',
      'linked-account',
      'communication-preference',
      'parental-controls',
    ] satisfies SettingsSection[]);
  });

  it('lists the spec children that have a screen, in the spec order', () => {
    const built = new Set(['security', 'account-overview']);
    expect(settingsNavItems((n) => built.has(n))).toEqual(['account-overview', 'security']);
  });

  it('names only settings routes of the registry', () => {
    for (const name of SETTINGS_CHILDREN) {
      const route = ROUTES.find((r) => r.name === name);
      expect(route?.group, name).toBe('settings');
      expect(route?.path, name).toBe(`setting/${name}`);
    }
  });

  it('gives a section only to routes under /setting that require login (and to verify-phone)', () => {
    // verify-phone keeps its spec §2 path outside /setting; it is the signed-in phone screen of communication
    // preferences (issue 12), so the navigation marks that section.
    const OUTSIDE_SETTING_PATH = new Set(['verify-phone']);
    for (const route of ROUTES) {
      const meta: { settingsSection?: SettingsSection; requiresLogin?: true } = route.meta;
      if (meta.settingsSection === undefined) continue;
      expect(SETTINGS_CHILDREN, route.name).toContain(meta.settingsSection);
      expect(meta.requiresLogin, route.name).toBe(true);
      if (!OUTSIDE_SETTING_PATH.has(route.name)) expect(route.path, route.name).toMatch(/^settings?\//);
    }
  });

  it('marks the parent section of sub-screens', () => {
    expect(settingsSection('security')).toBe('security');
    expect(settingsSection('manage-trusted-devices')).toBe('security');
    expect(settingsSection('authenticator-enable')).toBe('security');
    expect(settingsSection('change-email')).toBe('personal-info');
    expect(settingsSection('settings-social-link')).toBe('linked-account');
    expect(settingsSection('vpc')).toBe('parental-controls');
    expect(settingsSection('promo-2fa')).toBeUndefined();
    expect(settingsSection('setting')).toBeUndefined();
  });
});
