/**
 * The add-card form's own checks (docs/payments.md), before the card goes to
 * the provider: a Luhn-valid number of 12 to 19 digits, an expiry MM/YY that
 * has not passed, a CVC of 3 digits (4 for American Express), cardholder
 * names of 1 to 64 characters, an email. The provider and the API decide
 * anyway; these spare a round trip and say what to fix. Loaded with the form
 * (on demand), never with the page.
 */
import type { MessageKey } from '../../../client/t';

export interface CardInput {
  givenName: string;
  surname: string;
  email: string;
}

export interface LocalCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, MessageKey>>;

/** The digits of a typed card number (spaces and dashes are how people type them). */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY, with or without the slash spaced) as month and four-digit year; null when malformed. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!m?.[1] || !m[2]) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid through the last day of its expiry month. */
export function expired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getFullYear();
  return expiry.year < year || (expiry.year === year && expiry.month < now.getMonth() + 1);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function nameError(value: string, required: MessageKey): MessageKey | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return required;
  return trimmed.length > 64 ? 'settings.payments.form.nameTooLong' : undefined;
}

export function holderErrors(input: CardInput): FieldErrors<keyof CardInput> {
  const errors: FieldErrors<keyof CardInput> = {};
  const given = nameError(input.givenName, 'settings.payments.form.givenNameRequired');
  const surname = nameError(input.surname, 'settings.payments.form.surnameRequired');
  if (given) errors.givenName = given;
  if (surname) errors.surname = surname;
  if (!EMAIL.test(input.email.trim()) || input.email.trim().length > 254)
    errors.email = 'settings.payments.form.emailInvalid';
  return errors;
}

export function localCardErrors(input: LocalCardInput, now: Date): FieldErrors<keyof LocalCardInput> {
  const errors: FieldErrors<keyof LocalCardInput> = {};
  const digits = cardDigits(input.number);
  if (!luhnValid(digits)) errors.number = 'settings.payments.form.numberInvalid';
  const expiry = parseExpiry(input.expiry);
  if (expiry === null) errors.expiry = 'settings.payments.form.expiryInvalid';
  else if (expired(expiry, now)) errors.expiry = 'settings.payments.form.expiryPast';
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${String(cvcLength)}}$`).test(input.cvc.trim()))
    errors.cvc = 'settings.payments.form.cvcInvalid';
  return errors;
}
