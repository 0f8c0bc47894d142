import { describe, expect, it } from 'vitest';
import { HOST_SOURCE, hostOrigin, parseHostMessage } from '../../../../src/client/host/launcher-bridge';
import { parseOpenInBrowser } from '../../../../src/client/launcher/open-in-browser';
import { isExtraEventAppId, isTrackedClientId } from '../../../../src/client/host/analytics';
import { CAPTCHA_ACTIONS, loginAction, selfResetAction } from '../../../../src/client/captcha/actions';
import { captchaScriptUrl } from '../../../../src/client/captcha/loader';
import { supportTarget } from '../../../../src/client/dialogs/support';
import { regions } from '../../../../src/regions/index';

const LAUNCHER = 'https://launcher.lumenforge.com';

describe('app mode: framed by an allowed embed origin', () => {
  it.each([
    [{ framed: true, parentOrigin: LAUNCHER }, LAUNCHER],
    [{ framed: true, parentOrigin: 'https://connect.lumenforge.com' }, 'https://connect.lumenforge.com'],
    [{ framed: true, parentOrigin: 'https://evil.com' }, undefined],
    [{ framed: true, parentOrigin: undefined }, undefined],
    [{ framed: false, parentOrigin: LAUNCHER }, undefined],
  ])('%j → %s', (ctx, expected) => {
    expect(hostOrigin(ctx, regions.global.embedOrigins)).toBe(expected);
  });
});

describe('host settings messages', () => {
  const good = {
    source: HOST_SOURCE,
    type: 'settings',
    settings: { client_id: 'lf-launcher', device_id: 'DEVICE-1234', version: '1.6.2', debug: true },
  };
  it('accepts valid settings from the expected origin', () => {
    expect(parseHostMessage(LAUNCHER, good, LAUNCHER)).toEqual(good.settings);
  });
  it.each([
    ['another origin', 'https://evil.com', good, LAUNCHER],
    ['not in app mode', LAUNCHER, good, undefined],
    ['wrong source', LAUNCHER, { ...good, source: 'x' }, LAUNCHER],
    ['bad version', LAUNCHER, { ...good, settings: { client_id: 'a', version: '1.7; drop' } }, LAUNCHER],
    ['missing client id', LAUNCHER, { ...good, settings: { device_id: 'DEVICE-1234' } }, LAUNCHER],
    ['a string', LAUNCHER, 'settings', LAUNCHER],
  ])('ignores %s', (_label, origin, data, expected) => {
    expect(parseHostMessage(origin, data, expected)).toBeUndefined();
  });
});

describe('host request to open an account page in the browser (login/sso)', () => {
  const good = { source: HOST_SOURCE, type: 'openInBrowser', routeTo: 'account-overview' };
  it('accepts it from the expected origin, with or without a page', () => {
    expect(parseOpenInBrowser(LAUNCHER, good, LAUNCHER)).toEqual({ routeTo: 'account-overview' });
    expect(parseOpenInBrowser(LAUNCHER, { source: HOST_SOURCE, type: 'openInBrowser' }, LAUNCHER)).toEqual({
      routeTo: undefined,
    });
  });
  it.each([
    ['another origin', 'https://evil.com', good, LAUNCHER],
    ['not in app mode', LAUNCHER, good, undefined],
    ['wrong source', LAUNCHER, { ...good, source: 'x' }, LAUNCHER],
    ['a URL as the page', LAUNCHER, { ...good, routeTo: 'https://evil.com/' }, LAUNCHER],
    ['settings', LAUNCHER, { source: HOST_SOURCE, type: 'settings', settings: { client_id: 'a' } }, LAUNCHER],
  ])('ignores %s', (_label, origin, data, expected) => {
    expect(parseOpenInBrowser(origin, data, expected)).toBeUndefined();
  });
});

describe('captcha (spec §9)', () => {
  it('has the spec’s action names and picks them by channel', () => {
    expect(Object.values(CAPTCHA_ACTIONS)).toEqual([
      'launcher_login',
      'web_login',
      'signUpDob',
      'launcher_self_reset_password',
      'web_self_reset_password',
    ]);
    expect(loginAction(true)).toBe('launcher_login');
    expect(loginAction(false)).toBe('web_login');
    expect(selfResetAction(true)).toBe('launcher_self_reset_password');
    expect(selfResetAction(false)).toBe('web_self_reset_password');
  });
  it('loads the provider script with the locale hint (zh → zh-TW); dev loads nothing', () => {
    expect(captchaScriptUrl({ provider: 'recaptcha', siteKeyV3: 'k3', siteKeyV2: 'k2' }, 'zh')).toBe(
      'https://www.google.com/recaptcha/api.js?render=k3&hl=zh-TW',
    );
    expect(captchaScriptUrl({ provider: 'turnstile', siteKeyV3: 'k3', siteKeyV2: 'k2' }, 'en')).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(captchaScriptUrl({ provider: 'dev', siteKeyV3: 'dev', siteKeyV2: 'dev' }, 'en')).toBeUndefined();
  });
});

describe('analytics triggers (spec §9)', () => {
  it('flags game app ids 50203/50210 and client ids 1888–1890', () => {
    expect(['50203', '50210', '59001', null].map(isExtraEventAppId)).toEqual([true, true, false, false]);
    expect(['1888', '1889', '1890', '1891', undefined].map(isTrackedClientId)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('contact support (spec §8, 20100)', () => {
  it('is the support-desk login on global and the help URL elsewhere', () => {
    expect(supportTarget(regions.global)).toEqual({ kind: 'desk-login' });
    expect(supportTarget(regions.th)).toEqual({ kind: 'external', url: regions.th.helpUrl });
    expect(supportTarget(regions.tw)).toEqual({ kind: 'external', url: regions.tw.helpUrl });
    expect(supportTarget(regions.sea)).toEqual({ kind: 'external', url: regions.sea.helpUrl });
  });
});
