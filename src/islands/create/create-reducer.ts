/**
 * The account-creation flow as a discriminated union driven by a reducer
 * (ory/elements style): age check → email → code → details → created, or
 * minor when the country's age rule says a parent must consent. The reducer
 * is pure: the island runs the calls and reports their outcome as events, so
 * every transition is unit-tested without a browser.
 */
import { EMPTY_BIRTHDAY, type BirthdayValue } from '../shared/date-parts';

/** The age check as the server accepted it. */
export interface VerifiedAge {
  countryCode: string;
  /** YYYY-MM-DD */
  birthday: string;
}

interface Common {
  /** A call is in flight: the form refuses a second submit. */
  busy: boolean;
  /** The last call's error code (spec §8), shown as the form error; null when none. */
  errorCode: string | null;
  /** Field errors are shown after the first submit attempt of the step. */
  showErrors: boolean;
}

export type CreateState =
  | (Common & { step: 'age'; countryCode: string; birthday: BirthdayValue })
  | (Common & { step: 'email'; age: VerifiedAge; email: string })
  | (Common & { step: 'code'; age: VerifiedAge; email: string; code: string; resent: boolean })
  | (Common & {
      step: 'details';
      age: VerifiedAge;
      email: string;
      code: string;
      password: string;
      confirm: string;
      newsletter: boolean;
    })
  | { step: 'created'; email: string }
  | { step: 'minor'; age: VerifiedAge };

export type CreateStep = CreateState['step'];

/** The steps a player fills in, in order (the progress indicator counts these). */
export const FORM_STEPS = ['age', 'email', 'code', 'details'] as const satisfies readonly CreateStep[];

export type TextField = 'countryCode' | 'email' | 'code' | 'password' | 'confirm';

export type CreateEvent =
  /** A field changed; fields that the current step does not have are ignored. */
  | { type: 'edit'; field: TextField; value: string }
  | { type: 'editBirthday'; value: BirthdayValue }
  | { type: 'setNewsletter'; value: boolean }
  /** Submit with invalid fields: show their errors, call nothing. */
  | { type: 'invalid' }
  /** Submit with valid fields: the island starts the step's call. */
  | { type: 'start' }
  | { type: 'ageVerified'; age: VerifiedAge; isMinor: boolean }
  | { type: 'codeSent' }
  | { type: 'codeResent' }
  | { type: 'codeVerified' }
  | { type: 'created' }
  | { type: 'failed'; code: string }
  /** The call ended without a message for the form (a dialog or another screen took over). */
  | { type: 'settled' }
  /** Back one step (change the email, or the age check). Ignored while busy. */
  | { type: 'back' }
  /** The visitor's country, once known, preselects the country (only while none is chosen). */
  | { type: 'suggestCountry'; countryCode: string };

const idle: Common = { busy: false, errorCode: null, showErrors: false };

export function initialCreateState(countryCode = ''): CreateState {
  return { step: 'age', ...idle, countryCode, birthday: EMPTY_BIRTHDAY };
}

export function createReducer(state: CreateState, event: CreateEvent): CreateState {
  if (state.step === 'created' || state.step === 'minor') return state;
  switch (event.type) {
    case 'edit':
      return edit(state, event.field, event.value);
    case 'editBirthday':
      return state.step === 'age' ? { ...state, birthday: event.value, errorCode: null } : state;
    case 'setNewsletter':
      return state.step === 'details' ? { ...state, newsletter: event.value } : state;
    case 'suggestCountry':
      return state.step === 'age' && state.countryCode === '' ? { ...state, countryCode: event.countryCode } : state;
    case 'invalid':
      return { ...state, showErrors: true, busy: false };
    case 'start':
      return state.busy ? state : { ...state, busy: true, errorCode: null, showErrors: true };
    case 'failed':
      return { ...state, busy: false, errorCode: event.code };
    case 'settled':
      return { ...state, busy: false };
    case 'ageVerified':
      if (state.step !== 'age') return state;
      return event.isMinor ? { step: 'minor', age: event.age } : { step: 'email', ...idle, age: event.age, email: '' };
    case 'codeSent':
      if (state.step !== 'email') return state;
      return { step: 'code', ...idle, age: state.age, email: state.email.trim(), code: '', resent: false };
    case 'codeResent':
      return state.step === 'code' ? { ...state, busy: false, errorCode: null, code: '', resent: true } : state;
    case 'codeVerified':
      if (state.step !== 'code') return state;
      return {
        step: 'details',
        ...idle,
        age: state.age,
        email: state.email,
        code: state.code,
        password: '',
        confirm: '',
        newsletter: false,
      };
    case 'created':
      return state.step === 'details' ? { step: 'created', email: state.email } : state;
    case 'back':
      return back(state);
  }
}

/** The states with a form on screen. */
export type FormState = Exclude<CreateState, { step: 'created' | 'minor' }>;

function edit(state: FormState, field: TextField, value: string): FormState {
  if (!(field in state)) return state;
  // A new value makes the last server error stale.
  return { ...state, [field]: value, errorCode: null };
}

function back(state: FormState): FormState {
  if (state.busy) return state;
  switch (state.step) {
    case 'age':
      return state;
    case 'email':
      return { step: 'age', ...idle, countryCode: state.age.countryCode, birthday: birthdayParts(state.age.birthday) };
    case 'code':
    case 'details':
      // Changing the email means a new code: the flow returns to the email step with the address kept.
      return { step: 'email', ...idle, age: state.age, email: state.email };
  }
}

/** The parts of a YYYY-MM-DD birthday as the selects hold them (no leading zeros). */
export function birthdayParts(iso: string): BirthdayValue {
  const [year = '', month = '', day = ''] = iso.split('-');
  return { year, month: String(Number(month)), day: String(Number(day)) };
}
