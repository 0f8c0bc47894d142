/**
 * NOT_FOUND (issue 10): the API's unknown-path 404. It used to carry 20022, whose shared "invalid access" text
 * told the player they had done something wrong; the portal now shows the general message with the code and the
 * support link, and the main handler hands it back like any other unhandled code.
 */
import { describe, expect, it } from 'vitest';
import { mainErrorAction } from '../../../../src/client/errors/main-handler';
import { CATALOGUES, flatten } from '../../../../src/i18n/catalogue';
import { LOCALES } from '../../../../src/i18n/locales';
import { errorAction, GENERAL_MESSAGE_KEY, resolveErrorText } from '../../../../src/shared/errors/catalogue';
import { isErrorCode } from '../../../../src/shared/errors/codes';

describe('NOT_FOUND', () => {
  it('is a known code that opens the error dialog', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(errorAction('NOT_FOUND')).toBe('error-modal');
  });

  it.each(LOCALES)(
    'shows the general message with its code and the support link (%s), not the invalid-access text',
    (locale) => {
      const strings = flatten(CATALOGUES[locale]);
      const text = resolveErrorText('NOT_FOUND', (k) => k in strings);
      expect(text).toMatchObject({
        messageKey: GENERAL_MESSAGE_KEY,
        messageVars: { code: 'NOT_FOUND' },
        showSupport: true,
      });
      expect(text.messageKey).not.toBe(resolveErrorText('20022', (k) => k in strings).messageKey);
    },
  );

  it('is handed back by the main handler (no navigation, no special dialog)', () => {
    expect(
      mainErrorAction(
        { code: 'NOT_FOUND', serverMessage: 'No API route at this path' },
        { currentUrl: 'https://x.test/account/en/login', redirectPolicy: { suffixes: [] } },
      ),
    ).toEqual({
      kind: 'reject',
      code: 'NOT_FOUND',
      message: 'No API route at this path',
    });
  });
});
