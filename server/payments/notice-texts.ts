/**
 * The emails that announce a change of the saved payment cards (issue 12,
 * docs/payments.md), in 13 locales, and the function that sends them. The
 * time line and the "if this wasn't you" line are the security notices' own
 * (./texts.ts). Placeholders: {{card}} is the card's description, itself made
 * of {{brand}} and {{last4}}.
 */
import type { Context } from 'hono';
import type { Locale } from '../../src/i18n/locales';
import type { CardBrand } from '../../src/shared/contract/payment-methods';
import type { AppEnv } from '../core/http/app-env';
import { emailProvider } from '../core/providers/index';
import { formatNoticeTime, noticeLocale, noticeTexts } from '../core/notices/send';
import { fill } from '../core/notices/texts';

export interface PaymentNoticeTexts {
  subject: string;
  added: string;
  removed: string;
  defaultCard: string;
  /** {{brand}}, {{last4}} */
  card: string;
  /** The brand of a card whose network the provider did not name. */
  unknownBrand: string;
}

export type PaymentChange = 'added' | 'removed' | 'defaultCard';

export const PAYMENT_NOTICE_TEXTS: Record<Locale, PaymentNoticeTexts> = {
  en: {
    subject: 'Payment methods changed on your Lumenforge Account',
    added: 'A payment card was added: {{card}}.',
    removed: 'A payment card was removed: {{card}}.',
    defaultCard: 'Your default payment card is now {{card}}.',
    card: '{{brand}} ending in {{last4}}',
    unknownBrand: 'Card',
  },
  es: {
    subject: 'Cambios en los métodos de pago de tu Cuenta Lumenforge',
    added: 'Se agregó una tarjeta de pago: {{card}}.',
    removed: 'Se eliminó una tarjeta de pago: {{card}}.',
    defaultCard: 'Tu tarjeta de pago predeterminada ahora es {{card}}.',
    card: '{{brand}} terminada en {{last4}}',
    unknownBrand: 'Tarjeta',
  },
  pt: {
    subject: 'Métodos de pagamento alterados na sua Conta Lumenforge',
    added: 'Um cartão de pagamento foi adicionado: {{card}}.',
    removed: 'Um cartão de pagamento foi removido: {{card}}.',
    defaultCard: 'Seu cartão de pagamento padrão agora é {{card}}.',
    card: '{{brand}} com final {{last4}}',
    unknownBrand: 'Cartão',
  },
  de: {
    subject: 'Zahlungsmethoden deines Lumenforge-Kontos geändert',
    added: 'Eine Zahlungskarte wurde hinzugefügt: {{card}}.',
    removed: 'Eine Zahlungskarte wurde entfernt: {{card}}.',
    defaultCard: 'Deine Standard-Zahlungskarte ist jetzt {{card}}.',
    card: '{{brand}} mit Endziffern {{last4}}',
    unknownBrand: 'Karte',
  },
  fr: {
    subject: 'Moyens de paiement modifiés sur votre Compte Lumenforge',
    added: 'Une carte de paiement a été ajoutée : {{card}}.',
    removed: 'Une carte de paiement a été supprimée : {{card}}.',
    defaultCard: 'Votre carte de paiement par défaut est désormais {{card}}.',
    card: '{{brand}} se terminant par {{last4}}',
    unknownBrand: 'Carte',
  },
  it: {
    subject: 'Metodi di pagamento modificati sul tuo Account Lumenforge',
    added: 'È stata aggiunta una carta di pagamento: {{card}}.',
    removed: 'È stata rimossa una carta di pagamento: {{card}}.',
    defaultCard: 'La tua carta di pagamento predefinita ora è {{card}}.',
    card: '{{brand}} che termina con {{last4}}',
    unknownBrand: 'Carta',
  },
  pl: {
    subject: 'Zmiana metod płatności na Twoim Koncie Lumenforge',
    added: 'Dodano kartę płatniczą: {{card}}.',
    removed: 'Usunięto kartę płatniczą: {{card}}.',
    defaultCard: 'Twoja domyślna karta płatnicza to teraz {{card}}.',
    card: '{{brand}} z końcówką {{last4}}',
    unknownBrand: 'Karta',
  },
  tr: {
    subject: 'Lumenforge Hesabınızın ödeme yöntemleri değişti',
    added: 'Bir ödeme kartı eklendi: {{card}}.',
    removed: 'Bir ödeme kartı kaldırıldı: {{card}}.',
    defaultCard: 'Varsayılan ödeme kartınız artık {{card}}.',
    card: 'Son dört hanesi {{last4}} olan {{brand}}',
    unknownBrand: 'Kart',
  },
  zh: {
    subject: '你的 Lumenforge 帳號付款方式已變更',
    added: '已新增付款卡：{{card}}。',
    removed: '已移除付款卡：{{card}}。',
    defaultCard: '你的預設付款卡現在是 {{card}}。',
    card: '末四碼 {{last4}} 的 {{brand}}',
    unknownBrand: '卡片',
  },
  th: {
    subject: 'วิธีการชำระเงินในบัญชี Lumenforge ของคุณมีการเปลี่ยนแปลง',
    added: 'มีการเพิ่มบัตรชำระเงิน: {{card}}',
    removed: 'มีการนำบัตรชำระเงินออก: {{card}}',
    defaultCard: 'บัตรชำระเงินหลักของคุณตอนนี้คือ {{card}}',
    card: '{{brand}} ลงท้ายด้วย {{last4}}',
    unknownBrand: 'บัตร',
  },
  ru: {
    subject: 'Способы оплаты в вашем аккаунте Lumenforge изменены',
    added: 'Добавлена платёжная карта: {{card}}.',
    removed: 'Удалена платёжная карта: {{card}}.',
    defaultCard: 'Ваша основная платёжная карта теперь {{card}}.',
    card: '{{brand}}, последние цифры {{last4}}',
    unknownBrand: 'Карта',
  },
  nl: {
    subject: 'Betaalmethoden van je Lumenforge-account gewijzigd',
    added: 'Er is een betaalkaart toegevoegd: {{card}}.',
    removed: 'Er is een betaalkaart verwijderd: {{card}}.',
    defaultCard: 'Je standaardbetaalkaart is nu {{card}}.',
    card: '{{brand}} eindigend op {{last4}}',
    unknownBrand: 'Kaart',
  },
  ja: {
    subject: 'Lumenforge アカウントの支払い方法が変更されました',
    added: '支払いカードが追加されました：{{card}}',
    removed: '支払いカードが削除されました：{{card}}',
    defaultCard: 'デフォルトの支払いカードは {{card}} になりました。',
    card: '末尾 {{last4}} の {{brand}}',
    unknownBrand: 'カード',
  },
};

/** Network names are brands: the same in every language. */
const BRAND_NAMES: Readonly<Record<Exclude<CardBrand, 'unknown'>, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

export function paymentNotice(
  change: PaymentChange,
  card: { brand: CardBrand; last4: string },
  locale: Locale,
  now: number,
): { subject: string; text: string } {
  const t = PAYMENT_NOTICE_TEXTS[locale];
  const security = noticeTexts(locale);
  const brand = card.brand === 'unknown' ? t.unknownBrand : BRAND_NAMES[card.brand];
  const line = fill(t[change], { card: fill(t.card, { brand, last4: card.last4 }) });
  const text = [line, fill(security.when, { time: formatNoticeTime(now, locale) }), '', security.notYou].join('\n');
  return { subject: t.subject, text };
}

/** Emails the notice after the change is committed; a failed delivery is logged, never turned into an error. */
export async function sendPaymentNotice(
  c: Context<AppEnv>,
  to: string,
  change: PaymentChange,
  card: { brand: CardBrand; last4: string },
): Promise<void> {
  const { subject, text } = paymentNotice(change, card, noticeLocale(c), c.var.clock.now());
  try {
    await emailProvider(c).send({ to, subject, text });
  } catch (e) {
    console.error('Payment notice not delivered', { change, error: e instanceof Error ? e.name : 'unknown' });
  }
}
