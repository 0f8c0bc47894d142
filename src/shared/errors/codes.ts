/**
 * Every error code of spec §8, once. The client's error catalogue
 * (actions, i18n keys) and the reference API's responses are typed by it,
 * so neither side can invent a code the other does not know.
 */
export const ERROR_CODES = [
  // Main handler
  '20001',
  '20159',
  '20138',
  'INVALID_TICKET',
  '20045',
  '20128',
  '20135',
  '20226',
  '20008',
  '20248',
  '20257',
  // Self-service handler
  '20208',
  '20209',
  '20063',
  // Other handled codes
  '20184',
  '20211',
  '20100',
  '20102',
  '20036',
  '20037',
  '20002',
  '20229',
  '20072',
  '20126',
  '20255',
  '20256',
  '20068',
  // Message catalogue
  '20007',
  'UNDER_MAINTENANCE',
  '20009',
  '20109',
  '20010',
  '20011',
  '20013',
  '20188',
  '20018',
  '20050',
  '20062',
  '20070',
  '20074',
  '20087',
  '20088',
  '20099',
  '20134',
  '20157',
  '20187',
  '20194',
  '20195',
  '20196',
  '20197',
  '20198',
  '20199',
  '20202',
  '20233',
  '20205',
  '20215',
  '20216',
  '20254',
  // Generic retry
  '20004',
  '20019',
  '20131',
  '20181',
  // Invalid access
  '20022',
  '20038',
  '20054',
  '20057',
  '20061',
  '20065',
  '20066',
  '20101',
  // System errors
  '20160',
  '20173',
  '20174',
  // Named errors
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  'SMS_BLOCKED',
  'BLOCKED_EMAIL_DOMAIN',
  'DOB_INVALID_FOR_CHILD',
  'NOT_EXIST_TWITTER_ACCOUNT',
  'NEED_TO_SET_PASSWORD',
  // Portal addition: an API path nothing serves (404). §8 has no such code; 20022 "invalid access" misled players.
  'NOT_FOUND',
  // Portal addition: the 90-day phone change lock of §5/§9 has no code of its own in §8 (docs/errors.md).
  'PHONE_CHANGE_LOCKED',
  // Portal addition: a blocklisted or breached new password (issue 10; §8's 20194–20199 are the §5 rules).
  'PASSWORD_TOO_COMMON',
  // Portal addition: a backup code of the account that was already used (20188 says "wrong code", which misleads).
  'BACKUP_CODE_USED',
  // Portal addition: a passkey sign-in or second step that did not verify (issue 18; one answer for every reason).
  'PASSKEY_REFUSED',
  // Portal additions: the payment provider's card errors and the saved-card cap (docs/payments.md).
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'INCORRECT_CVC',
  'CARD_NUMBER_INVALID',
  'PAYMENT_METHOD_LIMIT',
  // Portal additions: account deletion (issue 12; docs/settings.md): a parent with child accounts, and a sign-in
  // during the grace period (the message carries the cancel ticket).
  'ACCOUNT_HAS_CHILDREN',
  'ACCOUNT_DELETION_PENDING',
  // Portal addition: parental-controls setup by an account that cannot be a parent (issue 14; docs/parental.md).
  'PARENT_NOT_ELIGIBLE',
  // Portal additions: the staff console (issue 28; docs/staff-console.md). Staff sign-in refused (one answer for an
  // unknown email, a wrong password or code, a disabled account), no staff session, a role without the action, a
  // search that would scan, an action the account's state refuses (not blocked, nothing pending…).
  'STAFF_SIGNIN_FAILED',
  'STAFF_LOGIN_REQUIRED',
  'STAFF_FORBIDDEN',
  'STAFF_SEARCH_REFUSED',
  'STAFF_ACTION_REFUSED',
  // Secondary password-reset codes
  '10309',
  '10310',
  '10023',
  '10025',
  '10026',
  '10027',
  // Flagged in constants (meaning not shown)
  '10100',
  '50203',
  // Captcha failure (spec §5: "the captcha failure error code is captcha")
  'captcha',
  // The browser keeps no cookie or site data for the portal (not in the spec; the client's own, docs/app-shell.md):
  // a sign-in or a flow that needs them is not started.
  'COOKIES_OFF',
  // Default code (spec §8)
  '00000',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Spec §8: default code when none is known. */
export const DEFAULT_ERROR_CODE: ErrorCode = '00000';

/** Portal-ban reason codes carried with 20100 (spec §6, §8). */
export const BAN_REASONS = ['7000', '7001', '7002', '7003', '7004', '7005', '7006'] as const;
export type BanReason = (typeof BAN_REASONS)[number];

/** Response header carrying the server's error code (spec §8). */
export const ERROR_CODE_HEADER = 'x-error-code';
