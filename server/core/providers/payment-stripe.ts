/**
 * The production payment adapter: a Stripe-compatible API over fetch
 * (docs/payments.md). `PAYMENT_API_URL` is the API base (`https://api.stripe.com/v1`),
 * `PAYMENT_API_KEY` the secret key (server only), `PAYMENT_PUBLISHABLE_KEY`
 * the publishable key the browser's card field (Stripe.js Elements) uses.
 * Requests are form-encoded with `Authorization: Bearer` and, for every call
 * that creates something, an `Idempotency-Key` header: a retried request
 * answers the first one's result instead of doing it twice.
 *
 * Calls: POST /customers, POST /setup_intents, GET /setup_intents/{id}
 * (payment method expanded), POST /payment_methods/{id}/detach,
 * POST /payment_intents (confirm, off_session), POST /refunds.
 */
import * as z from 'zod/mini';
import { CARD_BRANDS, type CardBrand } from '../../../src/shared/contract/payment-methods';
import { ProviderError } from './http';
import { declineReason, type PaymentProvider, type SetupState } from './payment';

export interface StripeConfig {
  url: string;
  key: string;
  publishableKey: string;
}

const TIMEOUT_MS = 10_000;

const errorBody = z.object({
  error: z.object({
    type: z.optional(z.string()),
    code: z.optional(z.string()),
    decline_code: z.optional(z.string()),
  }),
});

/** A card error the provider answered (HTTP 402): the card was declined, not the call. */
export class CardError extends Error {
  readonly reason: ReturnType<typeof declineReason>;
  constructor(code: string | undefined) {
    super('card declined');
    this.name = 'CardError';
    this.reason = declineReason(code);
  }
}

type Params = Record<string, string | number | boolean>;

function form(params: Params): string {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) body.append(k, String(v));
  return body.toString();
}

async function request<T>(
  config: StripeConfig,
  method: 'GET' | 'POST',
  path: string,
  schema: z.ZodMiniType<T>,
  params: Params = {},
  idempotencyKey?: string,
): Promise<T> {
  const base = config.url.replace(/\/+$/, '');
  const query = method === 'GET' && Object.keys(params).length > 0 ? `?${form(params)}` : '';
  const headers: Record<string, string> = { Authorization: `Bearer ${config.key}` };
  if (method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`${base}${path}${query}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: form(params) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new ProviderError('payment', e instanceof Error ? e.name : 'network error');
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.status === 402) {
    const parsed = errorBody.safeParse(json);
    throw new CardError(parsed.success ? (parsed.data.error.decline_code ?? parsed.data.error.code) : undefined);
  }
  if (!response.ok) throw new ProviderError('payment', `HTTP ${String(response.status)}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderError('payment', 'unexpected response');
  return parsed.data;
}

const withId = z.object({ id: z.string().check(z.minLength(1)) });

const setupIntent = z.object({
  id: z.string(),
  status: z.string(),
  customer: z.nullable(z.string()),
  last_setup_error: z.optional(
    z.nullable(z.object({ code: z.optional(z.string()), decline_code: z.optional(z.string()) })),
  ),
  payment_method: z.nullable(
    z.object({
      id: z.string(),
      card: z.object({
        brand: z.string(),
        last4: z.string().check(z.regex(/^\d{4}$/)),
        exp_month: z.number(),
        exp_year: z.number(),
        // Stripe sends it for every card; optional so a compatible API without it still saves cards.
        fingerprint: z.optional(z.nullable(z.string())),
      }),
    }),
  ),
});

function brandOf(brand: string): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';
}

export function stripePayment(config: StripeConfig): PaymentProvider {
  return {
    kind: 'http',
    field: { kind: 'stripe', publishableKey: config.publishableKey },

    async createCustomer({ accountId, idempotencyKey }) {
      const customer = await request(
        config,
        'POST',
        '/customers',
        withId,
        { 'metadata[account_id]': accountId },
        idempotencyKey,
      );
      return customer.id;
    },

    async createSetup({ accountId, customerRef, idempotencyKey }) {
      const setup = await request(
        config,
        'POST',
        '/setup_intents',
        z.object({ id: z.string(), client_secret: z.string() }),
        {
          customer: customerRef,
          usage: 'off_session',
          'payment_method_types[]': 'card',
          'metadata[account_id]': accountId,
        },
        idempotencyKey,
      );
      return { setupRef: setup.id, clientSecret: setup.client_secret };
    },

    async retrieveSetup(setupRef): Promise<SetupState> {
      const setup = await request(config, 'GET', `/setup_intents/${encodeURIComponent(setupRef)}`, setupIntent, {
        'expand[]': 'payment_method',
      });
      if (setup.status === 'succeeded' && setup.payment_method !== null && setup.customer !== null) {
        const { card, id } = setup.payment_method;
        return {
          status: 'succeeded',
          customerRef: setup.customer,
          card: {
            methodRef: id,
            brand: brandOf(card.brand),
            last4: card.last4,
            expMonth: card.exp_month,
            expYear: card.exp_year,
            fingerprint: card.fingerprint ?? null,
          },
        };
      }
      const error = setup.last_setup_error;
      if (setup.status === 'requires_payment_method' && error)
        return { status: 'declined', reason: declineReason(error.decline_code ?? error.code) };
      return { status: 'pending' };
    },

    async detachCard(methodRef) {
      await request(config, 'POST', `/payment_methods/${encodeURIComponent(methodRef)}/detach`, withId);
    },

    async charge(r) {
      try {
        const intent = await request(
          config,
          'POST',
          '/payment_intents',
          z.object({ id: z.string(), status: z.string() }),
          {
            amount: r.amountCents,
            currency: r.currency.toLowerCase(),
            customer: r.customerRef,
            payment_method: r.methodRef,
            confirm: true,
            off_session: true,
            description: r.description,
            'metadata[account_id]': r.accountId,
          },
          r.idempotencyKey,
        );
        if (intent.status !== 'succeeded') return { status: 'declined', reason: 'card_declined' };
        return { status: 'succeeded', chargeRef: intent.id };
      } catch (e) {
        if (e instanceof CardError) return { status: 'declined', reason: e.reason };
        throw e;
      }
    },

    async refund({ chargeRef, idempotencyKey }) {
      const refund = await request(config, 'POST', '/refunds', withId, { payment_intent: chargeRef }, idempotencyKey);
      return { refundRef: refund.id };
    },
  };
}
