/** communication-preference, newsletter opt-out and SMS opt-in calls (issue 12, account-setting base). */
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/communication'));

/** `language`: the server locale code (es_419…), for the list names. */
export const getCommunication = (language: string) => call('getCommunication', { query: { language } });
export const subscribeNewsletter = (productId: number, language: string) =>
  call('subscribeNewsletter', { body: { productId, language } });
export const unsubscribeNewsletter = (productId: number, language: string) =>
  call('unsubscribeNewsletter', { body: { productId, language } });
export const smsOptIn = (language: string) => call('smsOptIn', { body: { language } });
export const smsOptOut = (language: string) => call('smsOptOut', { body: { language } });
export const getOptOut = (token: string, language: string) => call('getOptOut', { query: { token, language } });
export const optOut = (token: string) => call('optOut', { body: { token } });
