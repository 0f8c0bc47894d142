/** Saved payment cards (docs/payments.md), and the local payment provider's card confirmation (DEV_TOOLS). */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/payment-methods';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/payment-methods'));

export const listPaymentMethods = () => call('listPaymentMethods');
export const startPaymentMethodSetup = () => call('startPaymentMethodSetup', { body: {} });
export const addPaymentMethod = (body: BodyOf<typeof c.addPaymentMethod>) => call('addPaymentMethod', { body });
export const setDefaultPaymentMethod = (paymentMethodId: string) =>
  call('setDefaultPaymentMethod', { body: { paymentMethodId } });
export const removePaymentMethod = (paymentMethodId: string) =>
  call('removePaymentMethod', { query: { paymentMethodId } });
/** The local provider's side of a setup: only the local card field calls it. */
export const devConfirmCardSetup = (body: BodyOf<typeof c.devConfirmCardSetup>) =>
  call('devConfirmCardSetup', { body });
