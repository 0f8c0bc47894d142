/**
 * Spec §7 "Parental" terms calls: terms consent (20255 reconsent), consent
 * by a parent's code for minors (20256), and resending that code.
 */
import * as z from 'zod/mini';
import { emptyResponse, postBody } from './common';
import { endpoint } from './endpoint';

/** Spec §9 consent location values. */
export const CONSENT_LOCATIONS = ['LAUNCHER', 'WEB'] as const;
export const consentLocation = z.enum(CONSENT_LOCATIONS);

/** Spec §5: the parent code is exactly 6 letters or digits. */
export const parentCode = z.string().check(z.regex(/^[A-Za-z0-9]{6}$/));

export const consentTerms = endpoint({
  id: 'consentTerms',
  base: 'account',
  method: 'POST',
  path: '/no-auth/terms/consent',
  body: postBody({ consentLocation }),
  response: emptyResponse,
  auth: false,
  summary: 'Accepts the current terms during sign-in (reconsent), after which sign-in completes.',
});

export const consentTermsByParent = endpoint({
  id: 'consentTermsByParent',
  base: 'account',
  method: 'POST',
  path: '/no-auth/terms/consent-by-parent',
  body: postBody({ consentLocation, verificationCode: parentCode }),
  response: emptyResponse,
  auth: false,
  summary: 'A minor’s terms consent with the code sent to the parent.',
});

export const requestParentCode = endpoint({
  id: 'requestParentCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/terms/request-code-to-parent',
  body: postBody({}),
  response: emptyResponse,
  auth: false,
  summary: 'Resends the consent code to the parent (no body beyond membershipNo).',
});

export const TERMS_ENDPOINTS = [consentTerms, consentTermsByParent, requestParentCode] as const;
