import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery, toCamelCase, toSnakeCase } from '../../../../src/shared/contract/query-case';

describe('spec §7: GET parameters are sent in snake case', () => {
  it.each([
    ['membershipNo', 'membership_no'],
    ['serialNumber', 'serial_number'],
    ['childUserNo', 'child_user_no'],
    ['deviceId', 'device_id'],
    ['isLauncher', 'is_launcher'],
    ['productId', 'product_id'],
    ['addParam', 'add_param'],
    ['captchaAction', 'captcha_action'],
    ['isSetupPassword', 'is_setup_password'],
    ['email', 'email'],
    ['token', 'token'],
    ['value', 'value'],
  ])('%s → %s and back', (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake);
    expect(toCamelCase(snake)).toBe(camel);
  });

  it('encodes values as strings and leaves out null and undefined', () => {
    const params = encodeQuery({ childUserNo: 12, isLauncher: false, email: 'a+b@c.io', password: undefined, x: null });
    expect(params.toString()).toBe('child_user_no=12&is_launcher=false&email=a%2Bb%40c.io');
  });

  it('decodes to camelCase for the endpoint schema', () => {
    expect(decodeQuery(new URLSearchParams('serial_number=S1&value=x'))).toEqual({ serialNumber: 'S1', value: 'x' });
  });

  it.each(['a=1&a=2', 'serial_number=1&serialNumber=2'])(
    'refuses the repeated key in %s (parameter pollution)',
    (q) => {
      expect(decodeQuery(new URLSearchParams(q))).toBeNull();
    },
  );
});
