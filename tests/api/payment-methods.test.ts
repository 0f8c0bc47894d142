/**
 * Saved payment cards against workerd with the local payment provider
 * (docs/payments.md): the setup → card field → save flow, default handling,
 * declined test cards, another account's cards and setups, settings
 * verification and a verified email, the caps, the notices, and bad input
 * that changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, NO_DEV, setClock, type Reply } from './client';
import { IpBrowser, mailbox, newPlayer, startSession, VERIFY_FIRST, type Player } from './two-factor-helpers';

afterEach(() => setClock(0));

const PAYMENT = '/api/payment/v1';
const CONFIRM = '/api/dev/payment/setup/confirm';

interface Card {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  givenName: string;
  surname: string;
  email: string;
  isDefault: boolean;
  addedAt: string;
}
interface Setup {
  setupId: string;
  clientSecret: string;
  field: { kind: string };
}

const holder = { givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.test' };

async function cards(b: Browser): Promise<Card[]> {
  const r = await b.get(`${PAYMENT}/payment-methods`);
  expect(r.status, r.text).toBe(200);
  return (r.json as { paymentMethods: Card[] }).paymentMethods;
}

async function startSetup(b: Browser): Promise<Setup> {
  const r = await b.post(`${PAYMENT}/payment-methods/setup`, {});
  expect(r.status, r.text).toBe(200);
  return r.json as Setup;
}

/** What the local card field does: posts the card to the local provider, never to the account API. */
function confirm(b: Browser, setup: Setup, number: string, over: Record<string, unknown> = {}): Promise<Reply> {
  return b.post(CONFIRM, {
    setupId: setup.setupId,
    clientSecret: setup.clientSecret,
    number,
    expMonth: 12,
    expYear: 2031,
    cvc: number.startsWith('37') ? '1234' : '123',
    ...over,
  });
}

function save(b: Browser, setupId: string, over: Record<string, unknown> = {}): Promise<Reply> {
  return b.post(`${PAYMENT}/payment-methods`, { setupId, ...holder, makeDefault: false, ...over });
}

async function addCard(p: Player, number = '4242424242424242', makeDefault = false): Promise<Card> {
  const setup = await startSetup(p.b);
  const confirmed = await confirm(p.b, setup, number);
  expect(confirmed.status, confirmed.text).toBe(200);
  const r = await save(p.b, setup.setupId, { makeDefault });
  expect(r.status, r.text).toBe(200);
  return (r.json as { paymentMethod: Card }).paymentMethod;
}

const setDefault = (b: Browser, paymentMethodId: string) =>
  b.request('PUT', `${PAYMENT}/payment-methods/default`, { body: { paymentMethodId } });
const remove = (b: Browser, paymentMethodId: string) =>
  b.request('DELETE', `${PAYMENT}/payment-methods?payment_method_id=${encodeURIComponent(paymentMethodId)}`);

describe('adding a card', () => {
  it('saves a test card: brand, last 4, expiry and cardholder; the first card is the default; emailed', async () => {
    const p = await newPlayer('pay-add');
    expect(await cards(p.b)).toEqual([]);
    const setup = await startSetup(p.b);
    expect(setup.field).toEqual({ kind: 'local' });
    expect(setup.setupId).toMatch(/^seti_local_/);
    expect((await confirm(p.b, setup, '4242424242424242')).status).toBe(200);
    const r = await save(p.b, setup.setupId);
    expect(r.status, r.text).toBe(200);
    const card = (r.json as { paymentMethod: Card }).paymentMethod;
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      ...holder,
      isDefault: true,
    });
    expect(await cards(p.b)).toEqual([card]);
    const [notice] = await mailbox(p.email);
    expect(notice?.subject).toBe('Payment methods changed on your Lumenforge Account');
    expect(notice?.text).toContain('A payment card was added: Visa ending in 4242.');
    // The account API never received the number: nothing it answers or stores holds more than the last 4.
    expect(JSON.stringify(await cards(p.b))).not.toContain('4242424242424242');
  });

  it('a later card is the default only when asked', async () => {
    const p = await newPlayer('pay-second');
    const first = await addCard(p);
    const second = await addCard(p, '5555555555554444');
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const third = await addCard(p, '378282246310005', true);
    expect(third).toMatchObject({ brand: 'amex', last4: '0005', isDefault: true });
    const list = await cards(p.b);
    expect(list.map((c) => [c.id, c.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);
  });

  it('a setup is saved once', async () => {
    const p = await newPlayer('pay-once');
    const setup = await startSetup(p.b);
    await confirm(p.b, setup, '4242424242424242');
    expect((await save(p.b, setup.setupId)).status).toBe(200);
    const again = await save(p.b, setup.setupId);
    expect([again.status, again.code]).toEqual([400, '20022']);
    expect(await cards(p.b)).toHaveLength(1);
  });

  it('a setup the card field has not confirmed saves nothing', async () => {
    const p = await newPlayer('pay-unconfirmed');
    const setup = await startSetup(p.b);
    const r = await save(p.b, setup.setupId);
    expect([r.status, r.code]).toEqual([409, '20022']);
    expect(await cards(p.b)).toEqual([]);
  });

  it('a setup expires after an hour', async () => {
    const p = await newPlayer('pay-expiry');
    const setup = await startSetup(p.b);
    await confirm(p.b, setup, '4242424242424242');
    await setClock(61 * MINUTE);
    await startSession(p.b, p.accountId); // a fresh sign-in: verified again
    const r = await save(p.b, setup.setupId);
    expect([r.status, r.code]).toEqual([400, '20022']);
    expect(await cards(p.b)).toEqual([]);
  });
});

describe('declined cards', () => {
  it.each([
    ['4000000000000002', {}, 'CARD_DECLINED'],
    ['4000000000009995', {}, 'INSUFFICIENT_FUNDS'],
    ['4000000000000069', {}, 'CARD_EXPIRED'],
    ['4000000000000127', {}, 'INCORRECT_CVC'],
    ['4111111111111111', {}, 'CARD_DECLINED'],
    ['4242424242424241', {}, 'CARD_NUMBER_INVALID'],
    ['4242424242424242', { expYear: 2020, expMonth: 1 }, 'CARD_EXPIRED'],
    ['4242424242424242', { cvc: '1234' }, 'INCORRECT_CVC'],
  ])('%s %j is declined with %s, and its setup saves nothing', async (number, over, code) => {
    const p = await newPlayer('pay-decline');
    const setup = await startSetup(p.b);
    const r = await confirm(p.b, setup, number, over);
    expect([r.status, r.code]).toEqual([402, code]);
    const saved = await save(p.b, setup.setupId);
    expect([saved.status, saved.code]).toEqual([402, code]);
    expect(await cards(p.b)).toEqual([]);
    // The same setup may try another card (the field stays on screen).
    expect((await confirm(p.b, setup, '4242424242424242')).status).toBe(200);
    expect((await save(p.b, setup.setupId)).status).toBe(200);
  });

  it('the local provider refuses a wrong client secret, and a setup confirmed twice', async () => {
    const p = await newPlayer('pay-secret');
    const setup = await startSetup(p.b);
    const wrong = await confirm(p.b, { ...setup, clientSecret: `${setup.clientSecret}x` }, '4242424242424242');
    expect([wrong.status, wrong.code]).toEqual([400, '20022']);
    expect((await confirm(p.b, setup, '4242424242424242')).status).toBe(200);
    const twice = await confirm(p.b, setup, '5555555555554444');
    expect([twice.status, twice.code]).toEqual([400, '20022']);
  });
});

describe('default and removal', () => {
  it('sets the default, and only one card is the default', async () => {
    const p = await newPlayer('pay-default');
    const first = await addCard(p);
    const second = await addCard(p, '5555555555554444');
    const r = await setDefault(p.b, second.id);
    expect(r.status, r.text).toBe(200);
    const list = await cards(p.b);
    expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual([second.id]);
    expect(list.find((c) => c.id === first.id)?.isDefault).toBe(false);
    expect((await mailbox(p.email))[0]?.text).toContain('Your default payment card is now Mastercard ending in 4444.');
  });

  it('removing the default makes the newest remaining card the default; removing another keeps it', async () => {
    const p = await newPlayer('pay-remove');
    const a = await addCard(p);
    const b = await addCard(p, '5555555555554444');
    const c = await addCard(p, '6011111111111117');
    expect((await cards(p.b)).find((x) => x.isDefault)?.id).toBe(a.id);
    expect((await remove(p.b, a.id)).status).toBe(200);
    let list = await cards(p.b);
    expect(list.map((x) => [x.id, x.isDefault])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    expect((await mailbox(p.email))[0]?.text).toContain('A payment card was removed: Visa ending in 4242.');
    expect((await remove(p.b, b.id)).status).toBe(200);
    list = await cards(p.b);
    expect(list.map((x) => [x.id, x.isDefault])).toEqual([[c.id, true]]);
    expect((await remove(p.b, c.id)).status).toBe(200);
    expect(await cards(p.b)).toEqual([]);
    const gone = await remove(p.b, c.id);
    expect([gone.status, gone.code]).toEqual([400, '20022']);
  });
});

describe("another account's cards", () => {
  it('cannot be made default, removed or saved from its setup, and stay as they were', async () => {
    const owner = await newPlayer('pay-owner');
    const other = await newPlayer('pay-other');
    const card = await addCard(owner);
    await addCard(other);
    for (const r of [await setDefault(other.b, card.id), await remove(other.b, card.id)])
      expect([r.status, r.code]).toEqual([400, '20022']);
    const ownerSetup = await startSetup(owner.b);
    await confirm(owner.b, ownerSetup, '5555555555554444');
    const stolen = await save(other.b, ownerSetup.setupId);
    expect([stolen.status, stolen.code]).toEqual([400, '20022']);
    expect(await cards(owner.b)).toEqual([card]);
    expect((await cards(other.b)).map((c) => c.last4)).toEqual(['4242']);
    // The owner can still save it.
    expect((await save(owner.b, ownerSetup.setupId)).status).toBe(200);
  });
});

describe('the local provider', () => {
  it('is not served without DEV_TOOLS: a production deployment answers its card endpoint 404', async () => {
    const r = await new Browser(NO_DEV()).post(CONFIRM, {
      setupId: 'seti_local_x',
      clientSecret: 'x',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
    });
    expect(r.status).toBe(404);
  });
});

describe('who may change cards', () => {
  it('signed out: 401 20001', async () => {
    const b = new IpBrowser();
    for (const r of [
      await b.get(`${PAYMENT}/payment-methods`),
      await b.post(`${PAYMENT}/payment-methods/setup`, {}),
      await save(b, 'seti_local_x'),
      await setDefault(b, 'pm_x'),
      await remove(b, 'pm_x'),
    ])
      expect([r.status, r.code]).toEqual([401, '20001']);
  });

  it('needs a settings verification within 10 minutes (20008 N=9); the list does not', async () => {
    const p = await newPlayer('pay-verify');
    const card = await addCard(p);
    const setup = await startSetup(p.b);
    await confirm(p.b, setup, '5555555555554444');
    await setClock(11 * MINUTE);
    for (const r of [
      await p.b.post(`${PAYMENT}/payment-methods/setup`, {}),
      await save(p.b, setup.setupId),
      await setDefault(p.b, card.id),
      await remove(p.b, card.id),
    ]) {
      expect([r.status, r.code]).toEqual([403, VERIFY_FIRST.code]);
      expect((r.json as { message: string }).message).toBe(VERIFY_FIRST.message);
    }
    expect(await cards(p.b)).toEqual([card]);
  });

  it('needs a verified email (20038)', async () => {
    const p = await newPlayer('pay-unverified');
    const card = await addCard(p);
    const r = await p.b.post('/api/dev/account/state', { accountId: p.accountId, emailVerified: false });
    expect(r.status, r.text).toBe(200);
    for (const refused of [
      await p.b.post(`${PAYMENT}/payment-methods/setup`, {}),
      await setDefault(p.b, card.id),
      await remove(p.b, card.id),
    ])
      expect([refused.status, refused.code]).toEqual([403, '20038']);
    expect(await cards(p.b)).toEqual([card]);
  });
});

describe('caps', () => {
  it('at most 10 cards (PAYMENT_METHOD_LIMIT)', async () => {
    const p = await newPlayer('pay-cap');
    for (let i = 0; i < 10; i += 1) await addCard(p);
    const r = await p.b.post(`${PAYMENT}/payment-methods/setup`, {});
    expect([r.status, r.code]).toEqual([409, 'PAYMENT_METHOD_LIMIT']);
    expect(await cards(p.b)).toHaveLength(10);
  });

  it('at most 10 setups an hour per account (429 20157)', async () => {
    const p = await newPlayer('pay-setups');
    for (let i = 0; i < 10; i += 1) await startSetup(p.b);
    const r = await p.b.post(`${PAYMENT}/payment-methods/setup`, {});
    expect([r.status, r.code]).toEqual([429, '20157']);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['malformed JSON', { raw: '{"setupId":' }],
    [
      'a repeated key',
      {
        raw: '{"setupId":"seti_a","setupId":"seti_b","givenName":"A","surname":"B","email":"a@b.co","makeDefault":false}',
      },
    ],
    ['wrong types', { body: { setupId: 5, givenName: 'A', surname: 'B', email: 'a@b.co', makeDefault: 'yes' } }],
    ['a missing field', { body: { setupId: 'seti_a', givenName: 'A', email: 'a@b.co', makeDefault: false } }],
    ['an unknown field', { body: { setupId: 'seti_a', ...holder, makeDefault: false, number: '4242424242424242' } }],
    ['an oversized name', { body: { setupId: 'seti_a', ...holder, givenName: 'A'.repeat(65), makeDefault: false } }],
    ['an empty name', { body: { setupId: 'seti_a', ...holder, surname: '   ', makeDefault: false } }],
    ['a control character', { body: { setupId: 'seti_a', ...holder, givenName: 'A\u0000B', makeDefault: false } }],
    ['a bidi override', { body: { setupId: 'seti_a', ...holder, surname: 'B\u202eC', makeDefault: false } }],
    ['a bad email', { body: { setupId: 'seti_a', ...holder, email: 'not-an-email', makeDefault: false } }],
    ['a bad setup id', { body: { setupId: 'seti a/../x', ...holder, makeDefault: false } }],
  ])('saving with %s: 400 20022', async (_name, options) => {
    const p = await newPlayer('pay-bad');
    const r = await p.b.request('POST', `${PAYMENT}/payment-methods`, options);
    expect([r.status, r.code]).toEqual([400, '20022']);
    expect(await cards(p.b)).toEqual([]);
  });

  it('default and removal with bad ids or bodies: 400 20022', async () => {
    const p = await newPlayer('pay-bad-ids');
    const card = await addCard(p);
    for (const r of [
      await p.b.request('PUT', `${PAYMENT}/payment-methods/default`, { body: { paymentMethodId: 42 } }),
      await p.b.request('PUT', `${PAYMENT}/payment-methods/default`, { body: { paymentMethodId: card.id, x: 1 } }),
      await p.b.request('PUT', `${PAYMENT}/payment-methods/default`, {
        body: { paymentMethodId: 'pm_'.padEnd(65, 'x') },
      }),
      await p.b.request('DELETE', `${PAYMENT}/payment-methods`),
      await p.b.request(
        'DELETE',
        `${PAYMENT}/payment-methods?payment_method_id=${card.id}&payment_method_id=${card.id}`,
      ),
      await p.b.request('DELETE', `${PAYMENT}/payment-methods?payment_method_id=pm%20x`),
      await p.b.request('DELETE', `${PAYMENT}/payment-methods?payment_method_id=${card.id}&extra=1`),
    ])
      expect([r.status, r.code], r.text).toEqual([400, '20022']);
    expect(await cards(p.b)).toEqual([card]);
  });

  it('the local provider refuses malformed cards before judging them', async () => {
    const p = await newPlayer('pay-bad-card');
    const setup = await startSetup(p.b);
    for (const over of [
      { number: '4242 4242 4242 4242' },
      { number: '42' },
      { expMonth: 13 },
      { cvc: '12a' },
      { cvc: 123 },
    ]) {
      const r = await confirm(p.b, setup, '4242424242424242', over);
      expect([r.status, r.code]).toEqual([400, '20022']);
    }
    // Still open: the setup takes a good card afterwards.
    expect((await confirm(p.b, setup, '4242424242424242')).status).toBe(200);
  });
});
