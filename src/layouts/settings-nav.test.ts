import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../routes/registry';
import { SETTINGS_CHILDREN, settingsNavItems, settingsSection } from './nav';

describe('settings navigation', () => {
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

  it('marks the parent section of sub-screens', () => {
    expect(settingsSection('security')).toBe('security');
    expect(settingsSection('manage-trusted-devices')).toBe('security');
    expect(settingsSection('authenticator-enable')).toBe('security');
    expect(settingsSection('promo-2fa')).toBeUndefined();
  });
});
