/** Spec §7 terms consent calls. */
import * as c from '../../shared/contract/terms';
import { call } from '../http/client';

type ConsentLocation = (typeof c.CONSENT_LOCATIONS)[number];

export const consentTerms = (consentLocation: ConsentLocation) => call(c.consentTerms, { body: { consentLocation } });
export const consentTermsByParent = (consentLocation: ConsentLocation, verificationCode: string) =>
  call(c.consentTermsByParent, { body: { consentLocation, verificationCode } });
export const requestParentCode = () => call(c.requestParentCode, { body: {} });
