/**
 * Saved payment cards (spec §2 setting/manage-payment-methods, §3 payment
 * card; docs/payments.md): list, start a card setup at the provider, save the
 * setup's card, make one the default, remove one. Changes need a verified
 * email (403 20038) and a settings verification within 10 minutes (403 20008
 * N=9), run as one batch (one transaction) with their audit row, and are emailed.
 */
import type { Context, Hono } from 'hono';
import {
  addPaymentMethod,
  listPaymentMethods,
  MAX_PAYMENT_METHODS,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startPaymentMethodSetup,
  type PaymentMethod,
} from '../../src/shared/contract/payment-methods';
import { auditStatement } from '../core/data/audit';
import type { Query } from '../core/db/engine';
import {
  addPaymentMethodStatements,
  countPaymentMethods,
  customerOf,
  findPaymentMethod,
  isGuardFailure,
  isOpenSetup,
  listPaymentMethods as listRows,
  removeStatements,
  setDefaultStatements,
  storeCustomer,
  storeSetup,
  type PaymentMethodRow,
} from './data';
import type { AccountRow } from '../core/data/rows';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendPaymentNotice } from './notice-texts';
import { paymentProvider } from '../core/providers/index';
import { DECLINE_CODES, type PaymentProvider } from '../core/providers/payment';
import { hit, type Limit } from '../core/security/rate-limit';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { assertMayChangeFactors, signedIn } from '../settings/verification';
import { newToken } from '../core/security/tokens';

type Ctx = Context<AppEnv>;

/**
 * Card setups per account: 10 an hour (429 20157, Retry-After). Each one is a provider call, and a form that
 * tries cards is what card testers look for.
 */
export const SETUP_LIMIT: Limit = {
  scope: 'payment:setup',
  max: 10,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
  code: '20157',
  onSuccess: 'keep',
};

function toContract(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    givenName: row.given_name,
    surname: row.surname,
    email: row.email,
    isDefault: row.is_default === 1,
    addedAt: new Date(row.created_at).toISOString(),
  };
}

function audit(c: Ctx, account: AccountRow, event: string, row: { brand: string; last4: string }) {
  return auditStatement(
    c.var.db,
    { accountId: account.id, event, ip: clientIp(c), detail: { brand: row.brand, last4: row.last4 } },
    c.var.clock.now(),
  );
}

/** Signed in, email verified, verified for settings within 10 minutes (server/settings/verification.ts). */
async function changer(c: Ctx, session: Session | null): Promise<AccountRow> {
  const { session: s, account } = await signedIn(c, session);
  await assertMayChangeFactors(c, s, account, 'payment');
  return account;
}

/** The provider's customer of the account, created on first use (its idempotency key makes a retry the same one). */
async function customer(c: Ctx, provider: PaymentProvider, account: AccountRow): Promise<string> {
  const db = c.var.db;
  const known = await customerOf(db, account.id);
  if (known !== null) return known;
  const region = settingsOf(c.env).region.id;
  const created = await provider.createCustomer({
    accountId: account.id,
    idempotencyKey: `lf-customer-${region}-${String(account.id)}`,
  });
  await storeCustomer(db, account.id, created, c.var.clock.now());
  return (await customerOf(db, account.id)) ?? created;
}

/** Runs a change's batch; a failed guard means the state moved under the request. */
async function runChange(c: Ctx, statements: Query[], moved: () => Promise<ApiError>): Promise<void> {
  try {
    await c.var.db.batch(statements);
  } catch (e) {
    if (isGuardFailure(e)) throw await moved();
    throw e;
  }
}

const noSuchCard = () => badInput('No such payment method');

export function paymentMethodRoutes(app: Hono<AppEnv>): void {
  mount(app, listPaymentMethods, async (c, { account }) => {
    const rows = await listRows(c.var.db, account.id);
    return { paymentMethods: rows.map(toContract), maxPaymentMethods: MAX_PAYMENT_METHODS };
  });

  mount(app, startPaymentMethodSetup, async (c, { session }) => {
    const account = await changer(c, session);
    const db = c.var.db;
    const now = c.var.clock.now();
    if ((await countPaymentMethods(db, account.id)) >= MAX_PAYMENT_METHODS)
      throw new ApiError(409, 'PAYMENT_METHOD_LIMIT', `At most ${String(MAX_PAYMENT_METHODS)} saved cards`);
    await hit(c.var.db, now, SETUP_LIMIT, String(account.id));
    const provider = paymentProvider(c);
    const customerRef = await customer(c, provider, account);
    const setup = await provider.createSetup({ accountId: account.id, customerRef, idempotencyKey: newToken() });
    await storeSetup(db, account.id, setup.setupRef, now);
    return { setupId: setup.setupRef, clientSecret: setup.clientSecret, field: provider.field };
  });

  mount(app, addPaymentMethod, async (c, { body, session }) => {
    const account = await changer(c, session);
    const db = c.var.db;
    const now = c.var.clock.now();
    // Only a setup this account started, unused and unexpired: another account's setup id is refused the same way.
    if (!(await isOpenSetup(db, account.id, body.setupId, now))) throw badInput('No such card setup');
    if ((await countPaymentMethods(db, account.id)) >= MAX_PAYMENT_METHODS)
      throw new ApiError(409, 'PAYMENT_METHOD_LIMIT', `At most ${String(MAX_PAYMENT_METHODS)} saved cards`);
    const provider = paymentProvider(c);
    const state = await provider.retrieveSetup(body.setupId);
    if (state.status === 'declined')
      throw new ApiError(402, DECLINE_CODES[state.reason], 'The payment provider declined the card');
    if (state.status === 'pending') throw new ApiError(409, '20022', 'The card setup is not confirmed');
    if (state.customerRef !== (await customerOf(db, account.id))) throw badInput('No such card setup');
    const id = `pm_${newToken()}`;
    await runChange(
      c,
      [
        ...addPaymentMethodStatements(
          db,
          {
            id,
            accountId: account.id,
            setupRef: body.setupId,
            card: state.card,
            givenName: body.givenName,
            surname: body.surname,
            email: body.email,
            makeDefault: body.makeDefault,
            max: MAX_PAYMENT_METHODS,
          },
          now,
        ),
        audit(c, account, 'payment-method.added', state.card),
      ],
      async () =>
        (await countPaymentMethods(db, account.id)) >= MAX_PAYMENT_METHODS
          ? new ApiError(409, 'PAYMENT_METHOD_LIMIT', 'Saved-card limit reached')
          : badInput('No such card setup'),
    );
    const saved = await findPaymentMethod(db, account.id, id);
    if (saved === null) throw new Error('Saved card not found after its batch');
    await sendPaymentNotice(c, account.email, 'added', saved);
    return { paymentMethod: toContract(saved) };
  });

  mount(app, setDefaultPaymentMethod, async (c, { body, session }) => {
    const account = await changer(c, session);
    const db = c.var.db;
    const card = await findPaymentMethod(db, account.id, body.paymentMethodId);
    if (card === null) throw noSuchCard();
    if (card.is_default === 1) return {};
    await runChange(
      c,
      [...setDefaultStatements(db, account.id, card.id), audit(c, account, 'payment-method.default', card)],
      () => Promise.resolve(noSuchCard()),
    );
    await sendPaymentNotice(c, account.email, 'defaultCard', card);
    return {};
  });

  mount(app, removePaymentMethod, async (c, { query, session }) => {
    const account = await changer(c, session);
    const db = c.var.db;
    const card = await findPaymentMethod(db, account.id, query.paymentMethodId);
    if (card === null) throw noSuchCard();
    await runChange(
      c,
      [...removeStatements(db, account.id, card.id), audit(c, account, 'payment-method.removed', card)],
      () => Promise.resolve(noSuchCard()),
    );
    // After the commit: the provider forgets the card too. A failure leaves a card nobody here can charge (logged).
    try {
      await paymentProvider(c).detachCard(card.method_ref);
    } catch (e) {
      console.error('Payment method not detached at the provider', { error: e instanceof Error ? e.name : 'unknown' });
    }
    await sendPaymentNotice(c, account.email, 'removed', card);
    return {};
  });
}
