/** Spec §7 terms consent calls. */
import type * as c from '../../shared/contract/terms';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/terms'));

type ConsentLocation = (typeof c.CONSENT_LOCATIONS)[number];

export const consentTerms = (consentLocation: ConsentLocation) => call('consentTerms', { body: { consentLocation } });
export const consentTermsByParent = (consentLocation: ConsentLocation, verificationCode: string) =>
  call('consentTermsByParent', { body: { consentLocation, verificationCode } });
export const requestParentCode = () => call('requestParentCode', { body: {} });
