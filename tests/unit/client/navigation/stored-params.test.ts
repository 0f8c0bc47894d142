import { describe, expect, it } from 'vitest';
import { readStoredParams } from '../../../../src/client/navigation/stored-params';

describe('stored entry values (spec §2)', () => {
  it.each([
    [
      'prod_id=50203&landing=spring&partnerkey=abc-1&app_type=toy&app_id=50210',
      { productId: '50203', landing: 'spring', partnerKey: 'abc-1', appType: 'toy', appId: '50210' },
    ],
    ['partner_key=p_2', { partnerKey: 'p_2' }],
    ['partnerkey=first&partner_key=second', { partnerKey: 'first' }],
    ['app_type=toy_community', { appType: 'toy_community' }],
    ['app_type=hacker', {}],
    ['prod_id=12ab', {}],
    ['partnerkey=%3Cscript%3E&landing=ok', { landing: 'ok' }],
    [`landing=${'x'.repeat(65)}`, {}],
    ['', {}],
  ])('%s', (qs, expected) => {
    expect(readStoredParams(new URLSearchParams(qs))).toEqual(expected);
  });
});
