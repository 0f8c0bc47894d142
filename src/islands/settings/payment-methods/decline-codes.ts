/**
 * A card field's error as one of the API's card error codes (docs/payments.md), so a decline reads the same
 * whichever provider answered: Stripe's decline and validation codes, the local provider's codes as they are.
 */
const CODES: Readonly<Record<string, string>> = {
  card_declined: 'CARD_DECLINED',
  generic_decline: 'CARD_DECLINED',
  expired_card: 'CARD_EXPIRED',
  invalid_expiry_year_past: 'CARD_EXPIRED',
  invalid_expiry_month_past: 'CARD_EXPIRED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  incorrect_cvc: 'INCORRECT_CVC',
  invalid_cvc: 'INCORRECT_CVC',
  incomplete_cvc: 'INCORRECT_CVC',
  incorrect_number: 'CARD_NUMBER_INVALID',
  invalid_number: 'CARD_NUMBER_INVALID',
  incomplete_number: 'CARD_NUMBER_INVALID',
};

export function declineCode(code: string | undefined): string {
  return (code !== undefined && CODES[code]) || 'CARD_DECLINED';
}
