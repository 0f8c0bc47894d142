import { describe, expect, it } from 'vitest';
import { FAMILY_MEMBER_CALL, otherCodeAction, SMS_COMPLETE_CALL } from '../../../../src/client/errors/other-codes';
import { completeVpcSms, getFamilyMembers } from '../../../../src/shared/contract/parental';
import { webEmailLogin } from '../../../../src/shared/contract/launcher-login';

const act = (code: string, serverMessage = '', endpointId?: string) =>
  otherCodeAction({ code, serverMessage, endpointId });

/** Spec §8 "Other handled codes". */
describe('other handled codes', () => {
  it('names the real endpoints', () => {
    expect(FAMILY_MEMBER_CALL).toBe(getFamilyMembers.id);
    expect(SMS_COMPLETE_CALL).toBe(completeVpcSms.id);
  });

  it('20184: legacy-support dialog with the code and uid from the JSON message', () => {
    expect(act('20184', JSON.stringify({ code: 'LS-93F2', uid: 'u-77' }))).toEqual({
      kind: 'dialog',
      dialog: 'legacy-support',
      supportCode: 'LS-93F2',
      uid: 'u-77',
    });
    expect(act('20184', 'not json')).toEqual({ kind: 'error-dialog', code: '20184' });
  });

  it('20211: legacy-email dialog with the email from the JSON message', () => {
    expect(act('20211', JSON.stringify({ email: 'old@example.com' }))).toEqual({
      kind: 'dialog',
      dialog: 'legacy-email',
      email: 'old@example.com',
    });
    expect(act('20211', JSON.stringify({ email: 'not-an-email' }))).toEqual({ kind: 'error-dialog', code: '20211' });
  });

  it.each(['7000', '7003', '7006'])('20100 with reason %s: portal-ban dialog', (reason) => {
    expect(act('20100', reason)).toEqual({ kind: 'dialog', dialog: 'portal-ban', reason });
  });

  it('20100 with an unknown reason still opens the ban dialog, without a reason', () => {
    expect(act('20100', '7999')).toEqual({ kind: 'dialog', dialog: 'portal-ban', reason: undefined });
  });

  it.each([
    ['20102', 'reactivation-required'],
    ['20036', 'reactivation-required'],
    ['20037', 'password-reset-required'],
    ['20002', 'login-failed'],
    ['20126', 'set-password-confirm'],
    ['20255', 'terms-reconsent'],
    ['20256', 'minor-terms'],
    ['NEED_TO_SET_PASSWORD', 'create-password'],
    ['20074', 'logout'],
  ])('%s opens the %s dialog', (code, dialog) => {
    expect(act(code, '', webEmailLogin.id)).toEqual({ kind: 'dialog', dialog, code });
  });

  it('20002 on the family-member call is ignored; other failures there mark parental as not set', () => {
    expect(act('20002', '', getFamilyMembers.id)).toEqual({ kind: 'ignore' });
    expect(act('20004', '', getFamilyMembers.id)).toEqual({ kind: 'parental-not-set' });
    expect(act('NETWORK_ERROR', '', getFamilyMembers.id)).toEqual({ kind: 'parental-not-set' });
  });

  it('20229 on the SMS-complete call is success; elsewhere an error', () => {
    expect(act('20229', '', completeVpcSms.id)).toEqual({ kind: 'success' });
    expect(act('20229', '', webEmailLogin.id)).toEqual({ kind: 'error-dialog', code: '20229' });
  });

  it('20072: captcha required shows the captcha', () => {
    expect(act('20072')).toEqual({ kind: 'show-captcha' });
  });

  it('20068: invalid verification code is a form error', () => {
    expect(act('20068')).toEqual({ kind: 'form-error', code: '20068' });
  });

  it.each(['20013', '20194', 'BLOCKED_EMAIL_DOMAIN', 'captcha'])('%s has a form text: form error', (code) => {
    expect(act(code)).toEqual({ kind: 'form-error', code });
  });

  it.each(['20187', '20004', 'TIMEOUT', '12345'])('%s: the error dialog', (code) => {
    expect(act(code)).toEqual({ kind: 'error-dialog', code });
  });
});
