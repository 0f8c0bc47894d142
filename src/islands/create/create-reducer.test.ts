import { describe, expect, it } from 'vitest';
import { birthdayParts, createReducer, initialCreateState, type CreateEvent, type CreateState } from './create-reducer';

const age = { countryCode: 'DE', birthday: '1990-04-07' };
const run = (events: CreateEvent[], from: CreateState = initialCreateState()) => events.reduce(createReducer, from);

const toEmail: CreateEvent[] = [{ type: 'start' }, { type: 'ageVerified', age, isMinor: false }];
const toCode: CreateEvent[] = [
  ...toEmail,
  { type: 'edit', field: 'email', value: ' new@example.com ' },
  { type: 'start' },
  { type: 'codeSent' },
];
const toDetails: CreateEvent[] = [
  ...toCode,
  { type: 'edit', field: 'code', value: '123456' },
  { type: 'start' },
  { type: 'codeVerified' },
];

describe('create flow reducer', () => {
  it('starts at the age check with the given country', () => {
    expect(initialCreateState('TH')).toMatchObject({ step: 'age', countryCode: 'TH', busy: false, errorCode: null });
  });

  it('preselects the visitor country only while none is chosen', () => {
    expect(run([{ type: 'suggestCountry', countryCode: 'JP' }])).toMatchObject({ countryCode: 'JP' });
    const chosen = run([
      { type: 'edit', field: 'countryCode', value: 'FR' },
      { type: 'suggestCountry', countryCode: 'JP' },
    ]);
    expect(chosen).toMatchObject({ countryCode: 'FR' });
  });

  it('shows field errors on an invalid submit without calling anything', () => {
    expect(run([{ type: 'invalid' }])).toMatchObject({ step: 'age', showErrors: true, busy: false });
  });

  it('refuses a second start while busy', () => {
    const busy = run([{ type: 'start' }]);
    expect(createReducer(busy, { type: 'start' })).toBe(busy);
  });

  it('goes age → email when the player is not a minor', () => {
    expect(run(toEmail)).toMatchObject({ step: 'email', age, email: '', busy: false });
  });

  it('goes to minor (parent consent required) when the age rule says so', () => {
    expect(run([{ type: 'start' }, { type: 'ageVerified', age, isMinor: true }])).toEqual({ step: 'minor', age });
  });

  it('goes email → code with the trimmed address', () => {
    expect(run(toCode)).toMatchObject({ step: 'code', email: 'new@example.com', code: '', resent: false });
  });

  it('clears the code and marks a resend', () => {
    const state = run([
      ...toCode,
      { type: 'edit', field: 'code', value: '12' },
      { type: 'start' },
      { type: 'codeResent' },
    ]);
    expect(state).toMatchObject({ step: 'code', code: '', resent: true, busy: false });
  });

  it('goes code → details keeping the verified code for the sign-up call', () => {
    expect(run(toDetails)).toMatchObject({
      step: 'details',
      email: 'new@example.com',
      code: '123456',
      password: '',
      confirm: '',
      newsletter: false,
    });
  });

  it('edits details fields and the newsletter choice', () => {
    const state = run([
      ...toDetails,
      { type: 'edit', field: 'password', value: 'Secret-123' },
      { type: 'edit', field: 'confirm', value: 'Secret-123' },
      { type: 'setNewsletter', value: true },
    ]);
    expect(state).toMatchObject({ password: 'Secret-123', confirm: 'Secret-123', newsletter: true });
  });

  it('ignores fields the step does not have', () => {
    const state = run([{ type: 'edit', field: 'password', value: 'x' }]);
    expect(state).not.toHaveProperty('password');
  });

  it('ends at created with the email', () => {
    expect(run([...toDetails, { type: 'start' }, { type: 'created' }])).toEqual({
      step: 'created',
      email: 'new@example.com',
    });
  });

  it('keeps a failure code until the next edit', () => {
    const failed = run([...toCode, { type: 'start' }, { type: 'failed', code: '20013' }]);
    expect(failed).toMatchObject({ step: 'code', busy: false, errorCode: '20013' });
    expect(createReducer(failed, { type: 'edit', field: 'code', value: '9' })).toMatchObject({ errorCode: null });
  });

  it('settles without a message when a dialog took over', () => {
    expect(run([...toCode, { type: 'start' }, { type: 'settled' }])).toMatchObject({ busy: false, errorCode: null });
  });

  it('ignores outcome events that do not belong to the step', () => {
    const atAge = initialCreateState();
    expect(createReducer(atAge, { type: 'codeSent' })).toBe(atAge);
    expect(createReducer(atAge, { type: 'created' })).toBe(atAge);
    const atCode = run(toCode);
    expect(createReducer(atCode, { type: 'ageVerified', age, isMinor: true })).toBe(atCode);
  });

  it('goes back from code or details to the email step with the address kept', () => {
    expect(run([...toCode, { type: 'back' }])).toMatchObject({ step: 'email', email: 'new@example.com' });
    expect(run([...toDetails, { type: 'back' }])).toMatchObject({ step: 'email', email: 'new@example.com' });
  });

  it('goes back from email to the age check with the answers restored', () => {
    expect(run([...toEmail, { type: 'back' }])).toMatchObject({
      step: 'age',
      countryCode: 'DE',
      birthday: { year: '1990', month: '4', day: '7' },
    });
  });

  it('does not go back while a call is in flight', () => {
    const busy = run([...toCode, { type: 'start' }]);
    expect(createReducer(busy, { type: 'back' })).toBe(busy);
  });

  it('is final once created or minor', () => {
    const done: CreateState = { step: 'created', email: 'a@b.co' };
    expect(createReducer(done, { type: 'back' })).toBe(done);
    const minor: CreateState = { step: 'minor', age };
    expect(createReducer(minor, { type: 'start' })).toBe(minor);
  });

  it('splits a birthday into select values', () => {
    expect(birthdayParts('2001-11-02')).toEqual({ year: '2001', month: '11', day: '2' });
  });
});
