/** Error codes every settings screen may show (spec §8); each screen adds its own. */
export const SETTINGS_COMMON_CODES = [
  '20001',
  '20008',
  '20013',
  '20068',
  '20157',
  '20187',
  '20018',
  '20038',
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  '00000',
] as const;

/**
 * Calls that need a recently verified session (two-factor changes, trusting a
 * device). The spec's signal for "verify first" is 20008 with N=9; the
 * reference API answers these with 403 20038, so on these calls 20038 runs
 * the same settings verification (docs/two-factor.md).
 */
export const VERIFIED_SESSION_CALLS = [
  'startTotpEnrolment',
  'disableTotp',
  'enableSms',
  'disableSms',
  'setPrimaryAuthType',
  'addTrustedDevice',
] as const;
