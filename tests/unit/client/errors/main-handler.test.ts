import { describe, expect, it } from 'vitest';
import { mainErrorAction, type MainHandlerContext } from '../../../../src/client/errors/main-handler';
import type { ErrorDescriptor } from '../../../../src/client/errors/descriptor';
import global from '../../../../src/regions/global';
import {
  CHILD_PAUSED_MESSAGE,
  formatHealupItems,
  formatMissingVerificationCode,
} from '../../../../src/shared/errors/payloads';
import * as routes from '../../../../src/routes/refs';

const page = 'https://account.lumenforge.com/account/en/setting/security?tab=2#top';
const ctx: MainHandlerContext = {
  currentUrl: page,
  redirectPolicy: { suffixes: global.redirectDomainSuffixes },
};
const act = (code: string, serverMessage = '', extra: Partial<MainHandlerContext> = {}): ErrorDescriptor =>
  mainErrorAction({ code, serverMessage }, { ...ctx, ...extra });

/** Spec §8 "Main handler actions", one case per row. */
describe('main handler', () => {
  it('20001: login with return_url = current URL (message: log in to continue)', () => {
    expect(act('20001')).toEqual({
      kind: 'navigate',
      target: { route: routes.login, query: { return_url: '/account/en/setting/security?tab=2#top' } },
      notice: '20001',
    });
  });

  it.each(['20159', '20138', 'INVALID_TICKET'])('%s: link-failed of the platform', (code) => {
    const result = act(code, '', { platform: 'xbox' });
    expect(result).toMatchObject({
      kind: 'navigate',
      target: { route: routes.platformLinkFailed, params: { platform: 'xbox' } },
    });
  });

  it('20159 also says the session expired; 20138 does not', () => {
    expect(act('20159', '', { platform: 'xbox' })).toMatchObject({ notice: '20159' });
    expect(act('20138', '', { platform: 'xbox' })).not.toHaveProperty('notice');
  });

  it('link-failed outside a platform route uses the global error page', () => {
    expect(act('INVALID_TICKET')).toEqual({ kind: 'navigate', target: { route: routes.globalError } });
  });

  it.each([
    ['https://account.lumenforge.com/account/en/login/tpa/google', 'tpa'],
    ['https://account.lumenforge.com/account/en/login/tpa-callback-app', 'tpa'],
    ['https://account.lumenforge.com/account/en/login', 'nx'],
    ['https://account.lumenforge.com/account/en/login?return_url=/tpa', 'nx'],
  ])('20045 on %s: healup with the items, mode %s', (currentUrl, mode) => {
    expect(act('20045', formatHealupItems(['country', 'birthday']), { currentUrl })).toEqual({
      kind: 'navigate',
      target: { route: routes.healup, query: { items: 'country,birthday', mode } },
      notice: '20045',
    });
  });

  it('20045 splits the comma-separated message and drops unknown items', () => {
    expect(act('20045', ' birthday , hacker,')).toMatchObject({ target: { query: { items: 'birthday' } } });
  });

  it('20128: social-link case 5 (platform variant on platform routes)', () => {
    expect(act('20128')).toEqual({
      kind: 'navigate',
      target: { route: routes.loginSocialLink, params: { case: '5' } },
    });
    expect(act('20128', '', { platform: 'playstation' })).toEqual({
      kind: 'navigate',
      target: { route: routes.platformSocialLink, params: { platform: 'playstation', case: '5' } },
    });
  });

  it('20135 with the need-sms-verification text: verify-phone with needHealup, no phone', () => {
    expect(act('20135', 'need-sms-verification')).toEqual({
      kind: 'navigate',
      target: { route: routes.verifyPhone, query: { needHealup: 'true', phoneNumber: undefined } },
      notice: '20135',
    });
  });

  it('20135 with another message: the phone number is added', () => {
    expect(act('20135', '+1******4567')).toMatchObject({
      target: { route: routes.verifyPhone, query: { needHealup: 'true', phoneNumber: '+1******4567' } },
    });
  });

  it('20226: parent-consent-required (child suspended for failed logins)', () => {
    expect(act('20226')).toEqual({
      kind: 'navigate',
      target: { route: routes.createParentConsentRequired },
      notice: '20226',
    });
  });

  it('20226 from a child its parent paused: the same screen, told it was paused', () => {
    expect(act('20226', CHILD_PAUSED_MESSAGE)).toEqual({
      kind: 'navigate',
      target: { route: routes.createParentConsentRequired, query: { child: 'paused' } },
      notice: '20226',
    });
  });

  it('20008 N=9: trusted-device verification, cancel to security', () => {
    expect(act('20008', formatMissingVerificationCode(9))).toEqual({
      kind: 'dialog',
      dialog: 'trusted-device-verification',
      cancel: { route: routes.security },
    });
  });

  it('20008 N=10: parental-control verification, cancel to setting', () => {
    expect(act('20008', formatMissingVerificationCode(10))).toEqual({
      kind: 'dialog',
      dialog: 'parental-verification',
      cancel: { route: routes.setting },
    });
  });

  it.each(['missing verification code: 3', 'missing verification code', ''])('20008 with "%s" rejects', (message) => {
    expect(act('20008', message)).toEqual({ kind: 'reject', code: '20008', message });
  });

  it('20248: the provider’s expired-link page, only through the allow-list', () => {
    const page = 'https://www.lumenforge.com/sign-in/link-expired';
    expect(act('20248', page)).toEqual({ kind: 'external', url: page });
    for (const hostile of [
      'https://evil.example/expired',
      'javascript:alert(1)',
      'https://lumenforge.com.evil.io/x',
      '',
    ]) {
      expect(act('20248', hostile)).toEqual({ kind: 'reject', code: '20248', message: hostile });
    }
  });

  it('20248 does not treat a same-origin path as the provider page', () => {
    expect(act('20248', '/account/en/login')).toMatchObject({ kind: 'reject' });
  });

  it('20257: login with errorCode', () => {
    expect(act('20257')).toEqual({ kind: 'navigate', target: { route: routes.login, query: { errorCode: '20257' } } });
  });

  it.each(['20002', '20187', 'NETWORK_ERROR', '99999', '00000', '20063', '20208'])(
    'others (%s) reject with errorCode and message',
    (code) => {
      expect(act(code, 'server text')).toEqual({ kind: 'reject', code, message: 'server text' });
    },
  );
});
