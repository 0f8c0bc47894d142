/** "Visa ending in 4242": network names are brands, the same in every language; an unnamed network is "Card". */
import type { T } from '../../../client/t';
import type { CardBrand } from '../../../shared/contract/payment-methods';

const BRAND_NAMES: Readonly<Record<Exclude<CardBrand, 'unknown'>, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

export function cardLabel(t: T, card: { brand: CardBrand; last4: string }): string {
  const brand = card.brand === 'unknown' ? t('settings.payments.brandUnknown') : BRAND_NAMES[card.brand];
  return t('settings.payments.card', { brand, last4: card.last4 });
}

/** MM/YYYY, as printed on cards. */
export function expiryLabel(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear)}`;
}
