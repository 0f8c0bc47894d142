import { describe, expect, it } from 'vitest';
import { formatMissingVerificationCode } from '../../shared/errors/payloads';
import { loginErrorAction } from './login-error';
import * as routes from '../../routes/refs';

const ctx = {
  currentUrl: 'https://account.lumenforge.com/account/en/login?return_url=%2Fx',
  redirectPolicy: { suffixes: ['lumenforge.com'] },
};
const act = (code: string, serverMessage = '') => loginErrorAction({ code, serverMessage }, ctx);

describe('login error handler', () => {
  it('20008 with N=9 goes to the second-factor screen', () => {
    expect(act('20008', formatMissingVerificationCode(9))).toEqual({
      kind: 'navigate',
      target: { route: routes.loginAuthTypes },
    });
  });

  it('20045 goes to healup with the items and mode nx', () => {
    expect(act('20045', 'country,birthday')).toMatchObject({
      kind: 'navigate',
      target: { route: routes.healup, query: { items: 'country,birthday', mode: 'nx' } },
    });
  });

  it('20226 goes to parent consent required', () => {
    expect(act('20226')).toMatchObject({ kind: 'navigate', target: { route: routes.createParentConsentRequired } });
  });

  it.each([
    ['20100', '7003', { kind: 'dialog', dialog: 'portal-ban', reason: '7003' }],
    ['20255', '', { kind: 'dialog', dialog: 'terms-reconsent', code: '20255' }],
    ['20002', '', { kind: 'dialog', dialog: 'login-failed', code: '20002' }],
    ['20102', '', { kind: 'dialog', dialog: 'reactivation-required', code: '20102' }],
    ['20036', '', { kind: 'dialog', dialog: 'reactivation-required', code: '20036' }],
    ['20037', '', { kind: 'dialog', dialog: 'password-reset-required', code: '20037' }],
    ['20126', '', { kind: 'dialog', dialog: 'set-password-confirm', code: '20126' }],
    ['20072', '', { kind: 'show-captcha' }],
    ['20211', '{"email":"old@example.com"}', { kind: 'dialog', dialog: 'legacy-email', email: 'old@example.com' }],
    ['20184', '{"code":"LS-1","uid":"7"}', { kind: 'dialog', dialog: 'legacy-support', supportCode: 'LS-1', uid: '7' }],
    ['20216', '', { kind: 'form-error', code: '20216' }],
    ['captcha', '', { kind: 'form-error', code: 'captcha' }],
    ['20187', '', { kind: 'error-dialog', code: '20187' }],
    ['NETWORK_ERROR', '', { kind: 'error-dialog', code: 'NETWORK_ERROR' }],
  ])('%s → %j', (code, message, descriptor) => {
    expect(act(code, message)).toEqual(descriptor);
  });
});
