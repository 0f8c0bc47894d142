/**
 * The start-up's cookie reading and writing (src/client/startup/cookies.ts) next to hono's, which the islands
 * use through src/client/host/cookies.ts: the same names, the same values read from the same cookie strings, the
 * same cookie written.
 */
import { parse, serialize } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import * as host from '../../../../src/client/host/cookies';
import {
  CONSENT_COOKIE,
  cookieString,
  cookieValue,
  ONE_YEAR,
  PARTNER_KEY_COOKIE,
  PRODUCT_ID_COOKIE,
} from '../../../../src/client/startup/cookies';

describe('start-up cookies', () => {
  it('have the names and lifetime the islands use', () => {
    expect([PARTNER_KEY_COOKIE, PRODUCT_ID_COOKIE, CONSENT_COOKIE, ONE_YEAR]).toEqual([
      host.PARTNER_KEY_COOKIE,
      host.PRODUCT_ID_COOKIE,
      host.CONSENT_COOKIE,
      host.ONE_YEAR,
    ]);
  });

  const cookieStrings = [
    '',
    'PRODUCTID=50203',
    'a=1; PRODUCTID=50203; b=2',
    'PRODUCTID=50203;PARTNERKEY=p-1',
    '  PRODUCTID  =  50203  ',
    '\tPRODUCTID\t=\t50203',
    'PRODUCTID="50203"',
    'PRODUCTID="',
    'PRODUCTID=',
    'PRODUCTID',
    'XPRODUCTID=1; PRODUCTID=2',
    'PRODUCTID=a%20b',
    'PRODUCTID=%E0%A4%A',
    'PRODUCTID=100%; x=1',
    'PRODUCTID=50%2F%zz%41',
    'PRODUCTID=bad,value; PRODUCTID=good',
    'PRODUCTID=1; PRODUCTID=2',
    'PRODUCTID=a"b',
    'PRODUCTID=a=b',
    'lf_cookie_consent=all',
    'lf_cookie_consent=necessary; PARTNERKEY=k%3D1',
  ];

  it.each(cookieStrings)('reads %j as hono does', (cookies) => {
    for (const name of [PRODUCT_ID_COOKIE, PARTNER_KEY_COOKIE, CONSENT_COOKIE])
      expect(cookieValue(cookies, name), name).toBe(parse(cookies, name)[name]);
  });

  it.each([
    ['all', true],
    ['necessary', false],
    ['a b;c', true],
  ])('writes %j as hono serialises it (secure: %s)', (value, secure) => {
    expect(cookieString(CONSENT_COOKIE, value, ONE_YEAR, secure)).toBe(
      serialize(CONSENT_COOKIE, value, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure }),
    );
  });
});
