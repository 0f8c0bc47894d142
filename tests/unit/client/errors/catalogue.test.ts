import { describe, expect, it } from 'vitest';
import { CATALOGUES, flatten } from '../../../../src/i18n/catalogue';
import { LOCALES } from '../../../../src/i18n/locales';
import {
  allErrorKeys,
  BASE_ERROR_KEYS,
  catalogueEntry,
  DEFAULT_TITLE_KEY,
  ERROR_CATALOGUE,
  errorAction,
  errorKeysFor,
  GENERAL_MESSAGE_KEY,
  resolveErrorText,
  textKeysOf,
} from '../../../../src/shared/errors/catalogue';
import { BAN_REASONS, ERROR_CODES } from '../../../../src/shared/errors/codes';

const en = flatten(CATALOGUES.en);
const hasIn = (keys: readonly string[]) => (key: string) => keys.includes(key);

describe('the catalogue covers every code of codes.ts, once', () => {
  it('has exactly the codes of codes.ts', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    // Spec §8 tables → catalogue actions
    ['20001', 'login-with-return-url'],
    ['20159', 'link-failed'],
    ['20138', 'link-failed'],
    ['INVALID_TICKET', 'link-failed'],
    ['20045', 'healup'],
    ['20128', 'social-link-case-5'],
    ['20135', 'verify-phone'],
    ['20226', 'parent-consent-required'],
    ['20008', 'verification-dialog'],
    ['20248', 'expired-link-page'],
    ['20257', 'login-with-error-code'],
    ['20208', 'restart-self-service'],
    ['20209', 'restart-self-service'],
    ['20063', 'change-email-cooldown'],
    ['20157', 'too-many-attempts-on-session'],
    ['20184', 'legacy-support-dialog'],
    ['20211', 'legacy-email-dialog'],
    ['20100', 'portal-ban-dialog'],
    ['20102', 'reactivation-required'],
    ['20036', 'reactivation-required'],
    ['20037', 'password-reset-required'],
    ['20002', 'login-failed-dialog'],
    ['20229', 'success-on-sms-complete'],
    ['20072', 'show-captcha'],
    ['20126', 'set-password-confirm'],
    ['20255', 'terms-reconsent-dialog'],
    ['20256', 'minor-terms-dialog'],
    ['20068', 'invalid-code'],
    ['20074', 'logout-dialog'],
    ['NEED_TO_SET_PASSWORD', 'create-password-dialog'],
    ['20187', 'error-modal'],
    ['unknown-code', 'error-modal'],
  ])('%s → %s', (code, action) => {
    expect(errorAction(code)).toBe(action);
  });

  it.each([
    [['20004', '20019', '20131', '20181'], 'retry'],
    [['20022', '20038', '20054', '20057', '20061', '20065', '20066', '20101'], 'invalidAccess'],
    [['20160', '20173', '20174'], 'system'],
    [['10309', '10310', '10023', '10025', '10026', '10027'], 'passwordReset'],
  ])('the %j group shares the %s text', (codes, shared) => {
    for (const code of codes) expect(catalogueEntry(code)?.sameAs).toBe(shared);
  });
});

describe('spec §8 modal text resolution', () => {
  it('prefers error.form.{code}', () => {
    const has = hasIn(['error.form.20013', 'error.modal.20013.desc', 'error.modal.20013.title']);
    expect(resolveErrorText('20013', has)).toEqual({
      titleKey: 'error.modal.20013.title',
      messageKey: 'error.form.20013',
      messageVars: { code: '20013' },
      showSupport: false,
    });
  });

  it('else error.modal.{code}.desc, with the default title when the code has none', () => {
    expect(resolveErrorText('20009', hasIn(['error.modal.20009.desc']))).toEqual({
      titleKey: DEFAULT_TITLE_KEY,
      messageKey: 'error.modal.20009.desc',
      messageVars: { code: '20009' },
      showSupport: false,
    });
  });

  it('else the general message, which shows the code and brings the support link', () => {
    expect(resolveErrorText('20257', hasIn([]))).toEqual({
      titleKey: DEFAULT_TITLE_KEY,
      messageKey: GENERAL_MESSAGE_KEY,
      messageVars: { code: '20257' },
      showSupport: true,
    });
  });

  it.each([undefined, null, '', '  '])('no code (%j) is the default code 00000', (code) => {
    expect(resolveErrorText(code, hasIn([]))).toMatchObject({
      messageKey: GENERAL_MESSAGE_KEY,
      messageVars: { code: '00000' },
      showSupport: true,
    });
  });

  it.each(['20233', '20138', 'INVALID_TICKET'])(
    'a refusal (%s: parental controls kept on, a refused sign-in callback) is titled by what happened',
    (code) => {
      const result = resolveErrorText(code, (k) => k in en);
      expect(result.titleKey).not.toBe('error.defaultTitle');
      expect(result.messageKey).not.toBe('error.general');
    },
  );

  it('codes sharing a text resolve to it and still show their own code', () => {
    const result = resolveErrorText('20131', (k) => k in en);
    expect(result).toEqual({
      titleKey: 'error.modal.retry.title',
      messageKey: 'error.modal.retry.desc',
      messageVars: { code: '20131' },
      showSupport: false,
    });
    expect(resolveErrorText('20188', (k) => k in en).messageKey).toBe('error.form.20013');
    expect(resolveErrorText('20068', (k) => k in en).messageKey).toBe('error.form.invalid-code');
    expect(resolveErrorText('UNDER_MAINTENANCE', (k) => k in en)).toMatchObject({
      titleKey: 'error.modal.20007.title',
      messageKey: 'error.modal.20007.desc',
    });
  });

  it('a code’s own key wins over its shared text', () => {
    expect(resolveErrorText('20188', hasIn(['error.form.20188', 'error.form.20013'])).messageKey).toBe(
      'error.form.20188',
    );
  });

  it('the launcher variant of 20011 is used in the launcher only', () => {
    const has = (k: string) => k in en;
    expect(resolveErrorText('20011', has).messageKey).toBe('error.modal.20011.desc');
    expect(resolveErrorText('20011', has, { launcher: true }).messageKey).toBe('error.modal.20011.launcher');
    expect(resolveErrorText('20187', has, { launcher: true }).messageKey).toBe('error.modal.20187.desc');
  });

  it('20187 resolves to the authentication-limit text', () => {
    const text = resolveErrorText('20187', (k) => k in en);
    expect(en[text.messageKey]).toBe('Too many attempts. Wait 5 minutes, then try again.');
    expect(text.showSupport).toBe(false);
  });

  it('generic messages show the code in every locale', () => {
    const generic = [
      GENERAL_MESSAGE_KEY,
      'error.modal.retry.desc',
      'error.modal.invalidAccess.desc',
      'error.modal.system.desc',
      'error.modal.passwordReset.desc',
      'error.modal.SERVER_ERROR.desc',
    ];
    for (const locale of LOCALES) {
      const strings = flatten(CATALOGUES[locale]);
      for (const key of generic) expect(strings[key], `${locale} ${key}`).toContain('{{code}}');
    }
  });
});

describe('errorKeysFor', () => {
  it('gives exactly the keys a screen may show, sorted, with the base keys', () => {
    expect(errorKeysFor(['20013', '20187', '20131'])).toEqual(
      [
        ...BASE_ERROR_KEYS,
        'error.form.20013',
        'error.modal.20187.title',
        'error.modal.20187.desc',
        'error.modal.retry.title',
        'error.modal.retry.desc',
      ].sort(),
    );
  });

  it('adds the ban reasons for 20100', () => {
    const keys = errorKeysFor(['20100']);
    for (const reason of BAN_REASONS) expect(keys).toContain(`error.ban.${reason}`);
  });

  it('an unknown code needs only the base keys', () => {
    expect(errorKeysFor(['no-such-code'])).toEqual([...BASE_ERROR_KEYS].sort());
  });
});

describe('every message exists in all 13 locales', () => {
  const declared = allErrorKeys();

  it.each([...LOCALES])('%s has every declared error key, non-empty', (locale) => {
    const strings = flatten(CATALOGUES[locale]);
    for (const key of declared) expect(strings[key], `${locale} ${key}`).toBeTruthy();
  });

  it('en holds no error.form / error.modal key the catalogue does not declare (no dead or stray text)', () => {
    const stray = Object.keys(en).filter(
      (k) =>
        (k.startsWith('error.form.') || k.startsWith('error.modal.') || k.startsWith('error.ban.')) &&
        !declared.includes(k),
    );
    expect(stray).toEqual([]);
  });

  it('every catalogued code with text resolves to a real string in en', () => {
    for (const code of ERROR_CODES) {
      const keys = textKeysOf(code);
      const text = resolveErrorText(code, (k) => k in en);
      expect(en[text.messageKey], code).toBeTruthy();
      expect(en[text.titleKey], code).toBeTruthy();
      if (keys.some((k) => k.startsWith('error.form.') || k.endsWith('.desc')))
        expect(text.showSupport, code).toBe(false);
    }
  });
});
