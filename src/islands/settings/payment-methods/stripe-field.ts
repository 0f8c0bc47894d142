/**
 * The production card field: Stripe.js Elements (docs/payments.md). The card
 * is typed into Stripe's own iframe and confirmed with the setup's client
 * secret straight from the browser to Stripe; this page's code never sees the
 * number. Stripe.js is loaded from js.stripe.com (Stripe requires it; the
 * card page's CSP allows it, src/build/security-headers.ts) only when the
 * player opens the add-card form with a Stripe setup.
 */
import { declineCode } from './decline-codes';

/** The few parts of Stripe.js this page uses. */
interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: { hidePostalCode?: boolean }): StripeCardElement;
  };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string; email: string } } },
  ): Promise<{ error?: { type?: string; code?: string; decline_code?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | undefined;

/** Adds Stripe.js to the page once; a failed load is tried again next time. */
export function loadStripeJs(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without Stripe'));
    };
    script.onerror = () => {
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface MountedStripeField {
  confirm(
    clientSecret: string,
    billing: { name: string; email: string },
  ): Promise<{ ok: true } | { ok: false; code: string }>;
  destroy(): void;
}

/** Mounts the card element into `target`, in the page's language. */
export async function mountStripeField(
  publishableKey: string,
  target: HTMLElement,
  locale: string,
): Promise<MountedStripeField> {
  const stripe = (await loadStripeJs())(publishableKey);
  const card = stripe.elements({ locale }).create('card', { hidePostalCode: true });
  card.mount(target);
  return {
    async confirm(clientSecret, billing) {
      const { error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      return error ? { ok: false, code: declineCode(error.decline_code ?? error.code) } : { ok: true };
    },
    destroy: () => {
      card.destroy();
    },
  };
}
