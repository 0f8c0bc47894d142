import { expect, it } from 'vitest';
import { declineCode } from './decline-codes';

it("reads Stripe's decline and validation codes as the API's card error codes", () => {
  expect(declineCode('insufficient_funds')).toBe('INSUFFICIENT_FUNDS');
  expect(declineCode('expired_card')).toBe('CARD_EXPIRED');
  expect(declineCode('invalid_expiry_year_past')).toBe('CARD_EXPIRED');
  expect(declineCode('incomplete_cvc')).toBe('INCORRECT_CVC');
  expect(declineCode('invalid_number')).toBe('CARD_NUMBER_INVALID');
  expect(declineCode('do_not_honor')).toBe('CARD_DECLINED');
  expect(declineCode(undefined)).toBe('CARD_DECLINED');
});
