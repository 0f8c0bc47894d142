/**
 * Security alerts (issue 18, not in the spec): the player's choice for the
 * alerts that are not mandatory (a sign-in from a new device, failed
 * second-step attempts), and the "this wasn't me" link those emails carry,
 * which signs out every session and sets a new password. docs/passkeys.md.
 */
import * as z from 'zod/mini';
import { emptyResponse, putBody } from './common';
import { endpoint } from './endpoint';
import { opaqueToken, password } from './ids';

export const getSecurityAlerts = endpoint({
  id: 'getSecurityAlerts',
  base: 'account',
  method: 'GET',
  path: '/security-alerts',
  response: z.object({ enabled: z.boolean() }),
  auth: true,
  summary: 'Whether the optional security alerts (new-device sign-ins, failed second steps) are emailed.',
});

export const setSecurityAlerts = endpoint({
  id: 'setSecurityAlerts',
  base: 'account',
  method: 'PUT',
  path: '/security-alerts',
  body: putBody({ enabled: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'Turns the optional security alerts on or off (notices of account changes are always sent).',
});

export const secureAccount = endpoint({
  id: 'secureAccount',
  base: 'account',
  method: 'PUT',
  path: '/no-auth/security-alert/secure',
  body: putBody({ token: opaqueToken, password }),
  response: emptyResponse,
  auth: false,
  summary: '"This wasn’t me": with the alert’s link token, sets a new password and signs out every session.',
});

export const SECURITY_ALERT_ENDPOINTS = [getSecurityAlerts, setSecurityAlerts, secureAccount] as const;
