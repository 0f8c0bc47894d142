/**
 * The payment adapters (docs/payments.md): the local provider's verdict on
 * test cards, and the Stripe-compatible adapter's requests and answers with
 * the network mocked (form bodies, idempotency keys, declines, malformed
 * answers). The local provider's storage runs against workerd in
 * tests/api/payment-methods.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declineReason, DECLINE_CODES } from '../../../server/core/providers/payment';
import { cardBrand, judgeCard, luhnValid, TEST_CARDS } from '../../../server/core/providers/payment-local';
import { stripePayment } from '../../../server/core/providers/payment-stripe';

afterEach(() => vi.restoreAllMocks());

const NOW = Date.UTC(2026, 10, 24);
const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.startsWith('37') ? '1234' : '123',
  ...over,
});

describe('local provider', () => {
  it('every test card passes the Luhn check, and a changed digit does not', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('names the network by the prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('accepts the success cards and declines each failing card with its reason', () => {
    expect(judgeCard(card('4242424242424242'), NOW)).toEqual({ ok: true, behaviour: { kind: 'ok' } });
    expect(judgeCard(card('378282246310005'), NOW).ok).toBe(true);
    expect(judgeCard(card('4000000000000002'), NOW)).toEqual({ ok: false, reason: 'card_declined' });
    expect(judgeCard(card('4000000000009995'), NOW)).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect(judgeCard(card('4000000000000069'), NOW)).toEqual({ ok: false, reason: 'expired_card' });
    expect(judgeCard(card('4000000000000127'), NOW)).toEqual({ ok: false, reason: 'incorrect_cvc' });
    expect(judgeCard(card('4000000000000341'), NOW)).toEqual({ ok: true, behaviour: { kind: 'decline-charges' } });
    expect(judgeCard(card('4000000000005126'), NOW)).toEqual({ ok: true, behaviour: { kind: 'refund-fails-once' } });
  });

  it('declines real cards, bad numbers, past expiries and short CVCs', () => {
    expect(judgeCard(card('4111111111111111'), NOW)).toEqual({ ok: false, reason: 'card_declined' });
    expect(judgeCard(card('4242424242424241'), NOW)).toEqual({ ok: false, reason: 'incorrect_number' });
    expect(judgeCard(card('4242424242424242', { expYear: 2026, expMonth: 10 }), NOW)).toEqual({
      ok: false,
      reason: 'expired_card',
    });
    // The current month is still valid.
    expect(judgeCard(card('4242424242424242', { expYear: 2026, expMonth: 11 }), NOW).ok).toBe(true);
    expect(judgeCard(card('4242424242424242', { cvc: '12' }), NOW)).toEqual({ ok: false, reason: 'incorrect_cvc' });
    expect(judgeCard(card('378282246310005', { cvc: '123' }), NOW)).toEqual({ ok: false, reason: 'incorrect_cvc' });
  });

  it('maps decline codes to the API error codes; unknown ones are a plain decline', () => {
    expect(DECLINE_CODES[declineReason('insufficient_funds')]).toBe('INSUFFICIENT_FUNDS');
    expect(DECLINE_CODES[declineReason('expired_card')]).toBe('CARD_EXPIRED');
    expect(DECLINE_CODES[declineReason('do_not_honor')]).toBe('CARD_DECLINED');
    expect(DECLINE_CODES[declineReason(undefined)]).toBe('CARD_DECLINED');
  });
});

describe('Stripe-compatible adapter', () => {
  const config = { url: 'https://pay.example/v1/', key: 'sk_test_secret', publishableKey: 'pk_test_public' };

  function answers(...bodies: [unknown, number?][]) {
    const spy = vi.spyOn(globalThis, 'fetch');
    for (const [body, status] of bodies)
      spy.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: status ?? 200 }));
    return spy;
  }
  function requestOf(spy: ReturnType<typeof answers>, i = 0) {
    const [url, init] = spy.mock.calls[i] ?? [];
    const headers = new Headers(init?.headers);
    // The adapter passes the URL as a string and the body as form text.
    const body = typeof init?.body === 'string' ? init.body : '';
    return { url: typeof url === 'string' ? url : '', method: init?.method, headers, body: new URLSearchParams(body) };
  }

  it('gives the browser the publishable key only', () => {
    expect(stripePayment(config).field).toEqual({ kind: 'stripe', publishableKey: 'pk_test_public' });
  });

  it('starts a setup for the customer, form-encoded, with the bearer key and the idempotency key', async () => {
    const spy = answers([{ id: 'seti_1', client_secret: 'seti_1_secret_x', status: 'requires_payment_method' }]);
    const setup = await stripePayment(config).createSetup({ accountId: 7, customerRef: 'cus_1', idempotencyKey: 'k1' });
    expect(setup).toEqual({ setupRef: 'seti_1', clientSecret: 'seti_1_secret_x' });
    const r = requestOf(spy);
    expect(r.url).toBe('https://pay.example/v1/setup_intents');
    expect(r.method).toBe('POST');
    expect(r.headers.get('authorization')).toBe('Bearer sk_test_secret');
    expect(r.headers.get('idempotency-key')).toBe('k1');
    expect(r.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(r.body.get('customer')).toBe('cus_1');
    expect(r.body.get('usage')).toBe('off_session');
    expect(r.body.get('metadata[account_id]')).toBe('7');
  });

  it('reads a succeeded setup with its card, a declined one with its reason, an unconfirmed one as pending', async () => {
    const p = stripePayment(config);
    const spy = answers(
      [
        {
          id: 'seti_1',
          status: 'succeeded',
          customer: 'cus_1',
          payment_method: {
            id: 'pm_1',
            card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, fingerprint: 'Xt5EWLLDS7FJjR1c' },
          },
        },
      ],
      [
        {
          id: 'seti_2',
          status: 'requires_payment_method',
          customer: 'cus_1',
          last_setup_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
          payment_method: null,
        },
      ],
      [{ id: 'seti_3', status: 'requires_payment_method', customer: 'cus_1', payment_method: null }],
    );
    expect(await p.retrieveSetup('seti_1')).toEqual({
      status: 'succeeded',
      customerRef: 'cus_1',
      card: {
        methodRef: 'pm_1',
        brand: 'visa',
        last4: '4242',
        expMonth: 4,
        expYear: 2031,
        fingerprint: 'Xt5EWLLDS7FJjR1c',
      },
    });
    expect(requestOf(spy).url).toBe('https://pay.example/v1/setup_intents/seti_1?expand%5B%5D=payment_method');
    expect(requestOf(spy).method).toBe('GET');
    expect(await p.retrieveSetup('seti_2')).toEqual({ status: 'declined', reason: 'insufficient_funds' });
    expect(await p.retrieveSetup('seti_3')).toEqual({ status: 'pending' });
  });

  it('charges off-session with the idempotency key; a 402 card error is a decline, not a failure', async () => {
    const p = stripePayment(config);
    const charge = {
      accountId: 7,
      customerRef: 'cus_1',
      methodRef: 'pm_1',
      amountCents: 100,
      currency: 'USD' as const,
      description: 'Parental consent',
      idempotencyKey: 'consent-1',
    };
    const spy = answers(
      [{ id: 'pi_1', status: 'succeeded' }],
      [{ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } }, 402],
    );
    expect(await p.charge(charge)).toEqual({ status: 'succeeded', chargeRef: 'pi_1' });
    const r = requestOf(spy);
    expect(r.url).toBe('https://pay.example/v1/payment_intents');
    expect(r.headers.get('idempotency-key')).toBe('consent-1');
    expect(Object.fromEntries(r.body)).toMatchObject({
      amount: '100',
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
      payment_method: 'pm_1',
    });
    expect(await p.charge(charge)).toEqual({ status: 'declined', reason: 'insufficient_funds' });
  });

  it('refunds with its own key; outages and malformed answers are provider errors', async () => {
    const p = stripePayment(config);
    const spy = answers([{ id: 're_1', status: 'succeeded' }], [{ error: {} }, 500], [{ unexpected: true }]);
    expect(await p.refund({ chargeRef: 'pi_1', idempotencyKey: 'refund-1' })).toEqual({ refundRef: 're_1' });
    expect(requestOf(spy).body.get('payment_intent')).toBe('pi_1');
    expect(requestOf(spy).headers.get('idempotency-key')).toBe('refund-1');
    await expect(p.refund({ chargeRef: 'pi_1', idempotencyKey: 'refund-1' })).rejects.toThrow(/HTTP 500/);
    await expect(p.refund({ chargeRef: 'pi_1', idempotencyKey: 'refund-1' })).rejects.toThrow(/unexpected response/);
  });
});
