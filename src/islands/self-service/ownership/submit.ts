/**
 * The ownership form's rules and call, loaded with the first submit (the
 * page ships the form only). The rules are the API's own
 * (src/shared/validation/ownership.ts), so the form refuses what the API
 * would, with a message on the field.
 */
import { submitOwnershipCase } from '../../../client/api/support-cases';
import { CAPTCHA_ACTIONS } from '../../../client/captcha/actions';
import { getCaptchaToken } from '../../../client/captcha/loader';
import { ApiError } from '../../../client/http/api-error';
import { currentQuery, goTo, isAppMode } from '../../../client/navigation/page';
import { withQuery } from '../../../client/navigation/query';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import type { MessageKey } from '../../../i18n/keys';
import { EMAIL_PATTERN } from '../../../shared/contract/formats';
import { TEXT_PATTERN } from '../../../shared/contract/ids';
import {
  GAME_REGIONS,
  MULTILINE_PATTERN,
  OWNERSHIP_LIMITS,
  ownershipProblems,
  type GameRegion,
  type OwnershipProblem,
} from '../../../shared/validation/ownership';

export interface OwnershipFormFields {
  account: string;
  contactEmail: string;
  productIds: number[];
  /** '' while none is chosen. */
  gameRegion: GameRegion | '';
  orderId: string;
  purchaseDate: string;
  description: string;
}

export type FieldErrors = Partial<
  Record<'account' | 'contactEmail' | 'gameRegion' | 'orderId' | 'purchaseDate' | 'description' | 'captcha', MessageKey>
>;

const PROBLEM_FIELD: Record<OwnershipProblem, [keyof FieldErrors, MessageKey] | null> = {
  orderWithoutDate: ['purchaseDate', 'supportCase.form.purchaseDate.required'],
  dateWithoutOrder: ['orderId', 'supportCase.form.orderId.required'],
  dateInvalid: ['purchaseDate', 'supportCase.form.purchaseDate.invalid'],
  dateFuture: ['purchaseDate', 'supportCase.form.purchaseDate.future'],
  regionMissing: ['gameRegion', 'supportCase.form.region.required'],
  // The form offers the region only with its title, and each game once: these cannot come from it.
  regionUnexpected: null,
  gameRepeated: null,
};

function regionOf(value: OwnershipFormFields['gameRegion']): GameRegion | undefined {
  return GAME_REGIONS.find((r) => r === value);
}

export function validate(f: OwnershipFormFields, now: number): FieldErrors {
  const errors: FieldErrors = {};
  const account = f.account.trim();
  if (account === '') errors.account = 'supportCase.form.account.required';
  else if (account.length > OWNERSHIP_LIMITS.account || !TEXT_PATTERN.test(account))
    errors.account = 'supportCase.form.account.invalid';
  const contact = f.contactEmail.trim();
  if (contact === '') errors.contactEmail = 'error.input.email-required';
  else if (contact.length > 254 || !EMAIL_PATTERN.test(contact)) errors.contactEmail = 'error.input.email-invalid';
  const orderId = f.orderId.trim();
  if (orderId !== '' && !TEXT_PATTERN.test(orderId)) errors.orderId = 'supportCase.form.orderId.invalid';
  for (const problem of ownershipProblems(
    { productIds: f.productIds, gameRegion: regionOf(f.gameRegion), orderId, purchaseDate: f.purchaseDate },
    now,
  )) {
    const target = PROBLEM_FIELD[problem];
    if (target !== null) errors[target[0]] ??= target[1];
  }
  const description = f.description.trim();
  if (description.length < OWNERSHIP_LIMITS.descriptionMin)
    errors.description = 'supportCase.form.description.tooShort';
  else if (description.length > OWNERSHIP_LIMITS.descriptionMax)
    errors.description = 'supportCase.form.description.tooLong';
  else if (!MULTILINE_PATTERN.test(description)) errors.description = 'supportCase.form.description.invalid';
  return errors;
}

/**
 * Sends the case; on success the page goes to verify/escalate with the reference (and the carried query).
 * Returns the error code of a failure (`captcha` when no captcha token could be had, spec §5).
 */
export async function submit(
  f: OwnershipFormFields,
  locale: Locale,
  escalatePath: string,
): Promise<string | undefined> {
  let captcha: { token: string; version: 'v2' | 'v3' };
  // Spec §9 self-service actions (the launcher's own, else the web's), typed as the contract's pair.
  const action = isAppMode() ? CAPTCHA_ACTIONS.launcherSelfResetPassword : CAPTCHA_ACTIONS.webSelfResetPassword;
  try {
    captcha = await getCaptchaToken(action);
  } catch {
    return 'captcha';
  }
  const orderId = f.orderId.trim();
  const gameRegion = regionOf(f.gameRegion);
  try {
    const { reference } = await submitOwnershipCase({
      account: f.account.trim(),
      contactEmail: f.contactEmail.trim(),
      productIds: f.productIds,
      ...(gameRegion !== undefined ? { gameRegion } : {}),
      ...(orderId !== '' ? { orderId, purchaseDate: f.purchaseDate } : {}),
      description: f.description.trim().replace(/\r\n?/g, '\n'),
      captchaToken: captcha.token,
      captchaVersion: captcha.version,
      captchaAction: action,
      language: serverLocaleCode(locale),
    });
    goTo(withQuery(escalatePath, currentQuery(), { reference }));
    return undefined;
  } catch (e) {
    if (e instanceof ApiError) return e.navigating ? undefined : e.code;
    throw e;
  }
}
