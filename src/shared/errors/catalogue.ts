/**
 * The error catalogue (spec §8): every code of codes.ts with the table it
 * comes from, the action taken for it, and the i18n keys that hold its text.
 * The client's handlers switch on `action`, islands and dialogs resolve text
 * with `resolveErrorText`, and the build writes every declared key
 * (`allErrorKeys`) into each locale's error-texts file, which a page fetches
 * with its first error (src/client/errors/texts.ts). Typed as a record over
 * ErrorCode, so a code added to codes.ts does not compile until it is
 * catalogued here.
 *
 * Key layout (en.json, nested):
 *   error.general            generic message, shows {{code}}, comes with the support link
 *   error.defaultTitle       title when a code has none
 *   error.support            the support link's label
 *   error.form.{code}        inline form message (also preferred in the modal)
 *   error.modal.{code}.title / .desc / .launcher (launcher variant) / .button (extra action)
 *   error.ban.{7000…7006}    portal-ban reasons (20100)
 * Codes that share one text name a text code in `sameAs`: another code, or a
 * shared set (retry, invalidAccess, system, passwordReset, invalid-code).
 */
import type { MessageKey } from '../../i18n/keys';
import { BAN_REASONS, DEFAULT_ERROR_CODE, type ErrorCode } from './codes';
import { DEFAULT_TITLE_KEY, GENERAL_MESSAGE_KEY, SUPPORT_LINK_KEY } from './text-keys';
import { PASSWORD_RULE } from '../validation/password-rules';

/** Which §8 table a code comes from. */
export type ErrorGroup =
  | 'main'
  | 'selfService'
  | 'other'
  | 'message'
  | 'retry'
  | 'invalidAccess'
  | 'system'
  | 'named'
  | 'passwordReset'
  | 'flagged'
  | 'validation'
  | 'default';

/** What happens when the code arrives. `error-modal` is the default: the error dialog with the resolved text. */
export type ErrorAction =
  // Main handler (spec §8 "Main handler actions")
  | 'login-with-return-url'
  | 'link-failed'
  | 'healup'
  | 'social-link-case-5'
  | 'verify-phone'
  | 'parent-consent-required'
  | 'verification-dialog'
  | 'expired-link-page'
  | 'login-with-error-code'
  // Self-service handler
  | 'restart-self-service'
  | 'change-email-cooldown'
  | 'too-many-attempts-on-session'
  // Other handled codes
  | 'legacy-support-dialog'
  | 'legacy-email-dialog'
  | 'portal-ban-dialog'
  | 'reactivation-required'
  | 'password-reset-required'
  | 'login-failed-dialog'
  | 'success-on-sms-complete'
  | 'show-captcha'
  | 'set-password-confirm'
  | 'terms-reconsent-dialog'
  | 'minor-terms-dialog'
  | 'invalid-code'
  | 'create-password-dialog'
  | 'logout-dialog'
  | 'error-modal';

/** Which keys a text code has. */
export interface TextKeys {
  readonly form?: true;
  readonly title?: true;
  readonly desc?: true;
  readonly launcher?: true;
  readonly button?: true;
}

/** Texts shared by several codes. */
export const SHARED_TEXTS = {
  retry: { title: true, desc: true },
  invalidAccess: { title: true, desc: true },
  system: { title: true, desc: true },
  passwordReset: { title: true, desc: true },
  'invalid-code': { form: true },
} as const satisfies Record<string, TextKeys>;
export type SharedText = keyof typeof SHARED_TEXTS;

export interface CatalogueEntry {
  readonly group: ErrorGroup;
  readonly action: ErrorAction;
  /** The code's own keys. */
  readonly text?: TextKeys;
  /** The code shows the text of another code or a shared set. */
  readonly sameAs?: ErrorCode | SharedText;
}

const T = true as const;
const form: TextKeys = { form: T };
const desc: TextKeys = { desc: T };
const modal: TextKeys = { title: T, desc: T };
const msg = (text: TextKeys): CatalogueEntry => ({ group: 'message', action: 'error-modal', text });
const shared = (group: ErrorGroup, sameAs: SharedText): CatalogueEntry => ({ group, action: 'error-modal', sameAs });

export const ERROR_CATALOGUE = {
  // Main handler
  '20001': { group: 'main', action: 'login-with-return-url', text: desc },
  '20159': { group: 'main', action: 'link-failed', sameAs: '20018' },
  // A refused provider or platform answer (a tampered callback among them) says so, not "Something went wrong".
  '20138': { group: 'main', action: 'link-failed', text: modal },
  INVALID_TICKET: { group: 'main', action: 'link-failed', sameAs: '20138' },
  '20045': { group: 'main', action: 'healup', text: desc },
  '20128': { group: 'main', action: 'social-link-case-5' },
  '20135': { group: 'main', action: 'verify-phone', text: desc },
  '20226': { group: 'main', action: 'parent-consent-required', text: modal },
  '20008': { group: 'main', action: 'verification-dialog' },
  '20248': { group: 'main', action: 'expired-link-page', text: modal },
  '20257': { group: 'main', action: 'login-with-error-code' },
  // Self-service handler
  '20208': { group: 'selfService', action: 'restart-self-service' },
  '20209': { group: 'selfService', action: 'restart-self-service' },
  '20063': { group: 'selfService', action: 'change-email-cooldown', text: modal },
  // Other handled codes
  '20184': { group: 'other', action: 'legacy-support-dialog', text: modal },
  '20211': { group: 'other', action: 'legacy-email-dialog', text: modal },
  '20100': { group: 'other', action: 'portal-ban-dialog', text: modal },
  '20102': { group: 'other', action: 'reactivation-required', text: modal },
  '20036': { group: 'other', action: 'reactivation-required', sameAs: '20102' },
  '20037': { group: 'other', action: 'password-reset-required', text: modal },
  '20002': { group: 'other', action: 'login-failed-dialog', text: form },
  '20229': { group: 'other', action: 'success-on-sms-complete' },
  '20072': { group: 'other', action: 'show-captcha', sameAs: 'captcha' },
  '20126': { group: 'other', action: 'set-password-confirm', text: { title: T, desc: T, button: T } },
  '20255': { group: 'other', action: 'terms-reconsent-dialog', text: modal },
  '20256': { group: 'other', action: 'minor-terms-dialog', text: modal },
  '20068': { group: 'other', action: 'invalid-code', sameAs: 'invalid-code' },
  // Message catalogue
  '20007': msg(modal),
  UNDER_MAINTENANCE: { group: 'message', action: 'error-modal', sameAs: '20007' },
  '20009': msg(desc),
  '20109': { group: 'message', action: 'error-modal', sameAs: '20009' },
  '20010': msg(desc),
  '20011': msg({ title: T, desc: T, launcher: T }),
  '20013': msg(form),
  '20188': { group: 'message', action: 'error-modal', sameAs: '20013' },
  '20018': msg(modal),
  '20050': msg(form),
  '20062': msg(form),
  '20070': msg(modal),
  '20074': { group: 'message', action: 'logout-dialog', text: { title: T, desc: T, button: T } },
  '20087': msg(desc),
  '20088': { group: 'message', action: 'error-modal', sameAs: '20087' },
  '20099': msg(modal),
  '20134': msg(form),
  '20157': { group: 'message', action: 'too-many-attempts-on-session', text: modal },
  '20187': msg(modal),
  '20194': msg(form),
  '20195': msg(form),
  '20196': msg(form),
  '20197': msg(form),
  '20198': msg(form),
  '20199': msg(form),
  '20202': msg(form),
  // A refusal gets a title that says what was refused (not the default "Something went wrong").
  '20233': msg(modal),
  '20205': msg(form),
  '20215': msg(desc),
  '20216': msg(form),
  '20254': msg(form),
  // Generic retry, invalid access, system errors
  '20004': shared('retry', 'retry'),
  '20019': shared('retry', 'retry'),
  '20131': shared('retry', 'retry'),
  '20181': shared('retry', 'retry'),
  '20022': shared('invalidAccess', 'invalidAccess'),
  '20038': shared('invalidAccess', 'invalidAccess'),
  '20054': shared('invalidAccess', 'invalidAccess'),
  '20057': shared('invalidAccess', 'invalidAccess'),
  '20061': shared('invalidAccess', 'invalidAccess'),
  '20065': shared('invalidAccess', 'invalidAccess'),
  '20066': shared('invalidAccess', 'invalidAccess'),
  '20101': shared('invalidAccess', 'invalidAccess'),
  '20160': shared('system', 'system'),
  '20173': shared('system', 'system'),
  '20174': shared('system', 'system'),
  // Named errors
  NETWORK_ERROR: { group: 'named', action: 'error-modal', text: modal },
  TIMEOUT: { group: 'named', action: 'error-modal', text: modal },
  SERVER_ERROR: { group: 'named', action: 'error-modal', text: modal },
  SMS_BLOCKED: { group: 'named', action: 'error-modal', text: desc },
  BLOCKED_EMAIL_DOMAIN: { group: 'named', action: 'error-modal', text: form },
  PHONE_CHANGE_LOCKED: { group: 'named', action: 'error-modal', text: form },
  PASSWORD_TOO_COMMON: { group: 'named', action: 'error-modal', text: form },
  BACKUP_CODE_USED: { group: 'named', action: 'error-modal', text: form },
  PASSKEY_REFUSED: { group: 'named', action: 'error-modal', text: form },
  CARD_DECLINED: { group: 'named', action: 'error-modal', text: form },
  CARD_EXPIRED: { group: 'named', action: 'error-modal', text: form },
  INSUFFICIENT_FUNDS: { group: 'named', action: 'error-modal', text: form },
  INCORRECT_CVC: { group: 'named', action: 'error-modal', text: form },
  CARD_NUMBER_INVALID: { group: 'named', action: 'error-modal', text: form },
  ACCOUNT_HAS_CHILDREN: { group: 'named', action: 'error-modal', text: form },
  ACCOUNT_DELETION_PENDING: { group: 'named', action: 'error-modal', text: form },
  PARENT_NOT_ELIGIBLE: { group: 'named', action: 'error-modal', text: form },
  STAFF_SIGNIN_FAILED: { group: 'named', action: 'error-modal', text: form },
  STAFF_LOGIN_REQUIRED: { group: 'named', action: 'error-modal', text: form },
  STAFF_FORBIDDEN: { group: 'named', action: 'error-modal', text: form },
  STAFF_SEARCH_REFUSED: { group: 'named', action: 'error-modal', text: form },
  STAFF_ACTION_REFUSED: { group: 'named', action: 'error-modal', text: form },
  PAYMENT_METHOD_LIMIT: { group: 'named', action: 'error-modal', text: form },
  DOB_INVALID_FOR_CHILD: { group: 'named', action: 'error-modal', text: form },
  NOT_EXIST_TWITTER_ACCOUNT: { group: 'named', action: 'error-modal', text: desc },
  NEED_TO_SET_PASSWORD: { group: 'named', action: 'create-password-dialog', text: { title: T, desc: T, button: T } },
  // No text of its own: the general message with the code and the support link (a bug or a stale client, not the player's doing).
  NOT_FOUND: { group: 'named', action: 'error-modal' },
  // Secondary password-reset codes
  '10309': shared('passwordReset', 'passwordReset'),
  '10310': shared('passwordReset', 'passwordReset'),
  '10023': shared('passwordReset', 'passwordReset'),
  '10025': shared('passwordReset', 'passwordReset'),
  '10026': shared('passwordReset', 'passwordReset'),
  '10027': shared('passwordReset', 'passwordReset'),
  // Flagged in constants, meaning not shown: the general message with the code
  '10100': { group: 'flagged', action: 'error-modal' },
  '50203': { group: 'flagged', action: 'error-modal' },
  // Captcha failure (spec §5)
  captcha: { group: 'validation', action: 'error-modal', text: form },
  // Cookies or site data refused by the browser (the client's own code): shown in the form, nothing is sent.
  COOKIES_OFF: { group: 'validation', action: 'error-modal', text: form },
  // Default code
  '00000': { group: 'default', action: 'error-modal' },
} as const satisfies Record<ErrorCode, CatalogueEntry>;

export { DEFAULT_TITLE_KEY, GENERAL_MESSAGE_KEY, SUPPORT_LINK_KEY };

export const formKey = (textCode: string) => `error.form.${textCode}`;
export const modalKey = (textCode: string, part: Exclude<keyof TextKeys, 'form'>) => `error.modal.${textCode}.${part}`;
export const banReasonKey = (reason: string) => `error.ban.${reason}`;

/** The catalogue entry of a code, or undefined for a code the catalogue does not know. */
export function catalogueEntry(code: string): CatalogueEntry | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code)
    ? (ERROR_CATALOGUE as Record<string, CatalogueEntry>)[code]
    : undefined;
}

/** The action for a code; unknown codes get the error modal. */
export function errorAction(code: string): ErrorAction {
  return catalogueEntry(code)?.action ?? 'error-modal';
}

/** The codes whose keys are tried for a code: itself, then its sameAs text code. */
function textCodes(code: string): string[] {
  const alias = catalogueEntry(code)?.sameAs;
  return alias === undefined ? [code] : [code, alias];
}

export interface ErrorText {
  readonly titleKey: MessageKey;
  readonly messageKey: MessageKey;
  /** Every message may interpolate {{code}}; the general and shared generic messages do. */
  readonly messageVars: { readonly code: string };
  /** Spec §8: the support link comes only with the general message. */
  readonly showSupport: boolean;
}

export interface ResolveOptions {
  /** Running in the launcher: a code's launcher variant (error.modal.{code}.launcher) is preferred to its desc. */
  readonly launcher?: boolean;
}

/**
 * Spec §8 modal text: error.form.{code}, else error.modal.{code}.desc, else
 * the general message; title error.modal.{code}.title, else the default
 * title; support link only with the general message; no code → 00000.
 * `has` says whether the strings given to the island hold a key.
 */
export function resolveErrorText(
  code: string | null | undefined,
  has: (key: string) => boolean,
  options: ResolveOptions = {},
): ErrorText {
  const shown = code === null || code === undefined || code.trim() === '' ? DEFAULT_ERROR_CODE : code;
  const codes = textCodes(shown);
  const candidates = [
    ...codes.map(formKey),
    ...(options.launcher === true ? codes.map((c) => modalKey(c, 'launcher')) : []),
    ...codes.map((c) => modalKey(c, 'desc')),
  ];
  // A candidate is returned only when `has` holds it, i.e. it is a key of the catalogue: the cast is that check.
  const messageKey = (candidates.find(has) as MessageKey | undefined) ?? GENERAL_MESSAGE_KEY;
  const titleKey = (codes.map((c) => modalKey(c, 'title')).find(has) as MessageKey | undefined) ?? DEFAULT_TITLE_KEY;
  return { titleKey, messageKey, messageVars: { code: shown }, showSupport: messageKey === GENERAL_MESSAGE_KEY };
}

function keysOfText(textCode: string, text: TextKeys | undefined): string[] {
  if (!text) return [];
  const keys: string[] = [];
  if (text.form) keys.push(formKey(textCode));
  if (text.title) keys.push(modalKey(textCode, 'title'));
  if (text.desc) keys.push(modalKey(textCode, 'desc'));
  if (text.launcher) keys.push(modalKey(textCode, 'launcher'));
  if (text.button) keys.push(modalKey(textCode, 'button'));
  return keys;
}

function textOf(textCode: string): TextKeys | undefined {
  if (Object.prototype.hasOwnProperty.call(SHARED_TEXTS, textCode)) return SHARED_TEXTS[textCode as SharedText];
  return catalogueEntry(textCode)?.text;
}

/** The keys a code's text uses (own and sameAs), without the always-present general keys. */
export function textKeysOf(code: string): string[] {
  return textCodes(code).flatMap((c) => keysOfText(c, textOf(c)));
}

/**
 * Keys every error display needs: the general message, default title and support link. Every island gets them
 * (src/layouts/screen.ts), so an error reads right even when the error-texts file cannot be fetched.
 */
export const BASE_ERROR_KEYS = [GENERAL_MESSAGE_KEY, DEFAULT_TITLE_KEY, SUPPORT_LINK_KEY] as const;

/**
 * The error strings these codes may show: their own and shared texts, the ban
 * reasons when 20100 is among them, and the base keys. Sorted and without
 * duplicates, ready for the build to pick from the locale.
 */
export function errorKeysFor(codes: readonly string[]): string[] {
  const keys = new Set<string>(BASE_ERROR_KEYS);
  for (const code of codes) {
    for (const key of textKeysOf(code)) keys.add(key);
    if (errorAction(code) === 'portal-ban-dialog') for (const reason of BAN_REASONS) keys.add(banReasonKey(reason));
  }
  return [...keys].sort();
}

/**
 * Every error key the catalogue declares: the content of each locale's error-texts file
 * (src/i18n/error-texts.ts). The locale test checks each exists in all 13 locales.
 */
export function allErrorKeys(): string[] {
  return errorKeysFor(Object.keys(ERROR_CATALOGUE));
}

/**
 * Spec §5 password rules and the §8 codes 20194–20199 that report them
 * (one code per rule, so a form can mark exactly the rule that failed). The
 * reference API's password validation answers with these.
 */
export const PASSWORD_RULE_CODES = PASSWORD_RULE;
