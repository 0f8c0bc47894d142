/**
 * The API's check of a new password (issue 10 item 7): the §5 rules first,
 * then the blocklist, then (only when configured) the breach check, which
 * never blocks a sign-up when it cannot answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { settingsOf, type Env } from '../../../server/core/env';
import type { BreachedPasswordCheck, BreachVerdict } from '../../../server/core/providers/breached-passwords';
import { breachCheckOf, newPasswordProblem } from '../../../server/core/security/password-policy';

const EMAIL = 'player@example.com';
const GOOD = 'Forge-Light-2049!';

function breach(verdict: BreachVerdict) {
  const check = vi.fn<BreachedPasswordCheck['check']>(() => Promise.resolve(verdict));
  return { check };
}

const env = (vars: Partial<Env>) => ({ DB: {}, CONFIG: {}, ...vars }) as unknown as Env;

describe('newPasswordProblem', () => {
  it('refuses Password1! as too common, without asking the breach provider', async () => {
    const provider = breach('not-found');
    expect(await newPasswordProblem('Password1!', EMAIL, provider)).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(provider.check).not.toHaveBeenCalled();
  });

  it('answers the §5 rule first (the publisher’s codes stay as they are)', async () => {
    expect(await newPasswordProblem('short', EMAIL, null)).toMatchObject({ code: '20194' });
    expect(await newPasswordProblem('password', EMAIL, null)).toMatchObject({ code: '20195' });
    expect(await newPasswordProblem(EMAIL, EMAIL, null)).toMatchObject({ code: '20195' });
    expect(await newPasswordProblem('Aa1-player@example.com', 'Aa1-player@example.com', null)).toMatchObject({
      code: '20198',
    });
  });

  it('refuses a password the breach provider lists; lets it through when the provider cannot tell', async () => {
    expect(await newPasswordProblem(GOOD, EMAIL, breach('breached'))).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(await newPasswordProblem(GOOD, EMAIL, breach('unknown'))).toBeNull();
    expect(await newPasswordProblem(GOOD, EMAIL, breach('not-found'))).toBeNull();
    expect(await newPasswordProblem(GOOD, EMAIL, null)).toBeNull();
  });

  it('accepts 64 characters', async () => {
    const long = `Aa1!${'x7-Q'.repeat(15)}`;
    expect(long).toHaveLength(64);
    expect(await newPasswordProblem(long, EMAIL, breach('not-found'))).toBeNull();
  });
});

describe('breachCheckOf', () => {
  it('is off unless BREACHED_PASSWORDS_API_URL is set (dev and tests never call out)', () => {
    expect(breachCheckOf(env({}))).toBeNull();
    expect(settingsOf(env({})).breachedPasswordsUrl).toBeNull();
    const on = env({ BREACHED_PASSWORDS_API_URL: 'https://api.pwnedpasswords.com/range/' });
    expect(breachCheckOf(on)).not.toBeNull();
    expect(settingsOf(on).breachedPasswordsUrl).toBe('https://api.pwnedpasswords.com/range/');
  });

  it('refuses a plain-http URL as a configuration error', () => {
    expect(() => settingsOf(env({ BREACHED_PASSWORDS_API_URL: 'http://range.example.test/' }))).toThrow(/invalid/);
  });
});
