/**
 * The create screen's password step (issue 10 item 7): the on-demand tools
 * (blocklist and zxcvbn strength), the accessible meter, and the details step
 * rendering the blocklist as a live rule, with no length cap below 64.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createT } from '../../../src/client/t';
import { islandStrings } from '../../../src/i18n/i18n';
import { DetailsFields, type DetailsFieldsProps } from '../../../src/islands/create/later-steps';
import { passwordStrength } from '../../../src/islands/shared/password-strength';
import { PasswordStrength } from '../../../src/islands/shared/PasswordStrength';
import { loadPasswordTools, type PasswordTools } from '../../../src/islands/shared/use-password-tools';

const t = createT(islandStrings('en', ['form', 'create']));
const LONG = `Aa1!${'x7-Q'.repeat(15)}`;

describe('passwordStrength (zxcvbn-ts with the blocklist’s list)', () => {
  it('scores blocklisted passwords 0 and long unusual ones high', () => {
    expect(passwordStrength('Password1!')).toBe(0);
    expect(passwordStrength('Qwerty123!')).toBe(0);
    expect(passwordStrength('Forge-Light-2049!')).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('Tangerine-Orbit-Kettle-71')).toBe(4);
  });

  it('treats the email and its local part as guessable', () => {
    const alone = passwordStrength('Nightowl-Harbor7');
    expect(passwordStrength('Nightowl-Harbor7', 'nightowl-harbor7@example.com')).toBeLessThan(alone);
  });

  it('estimates a 64-character password', () => {
    expect(LONG).toHaveLength(64);
    expect(passwordStrength(LONG)).toBeGreaterThanOrEqual(0);
  });

  it('loads on demand with the blocklist', async () => {
    const tools = await loadPasswordTools();
    expect(tools.isBlocklisted?.('Password1!')).toBe(true);
    expect(tools.strength?.('Password1!')).toBe(0);
  });
});

describe('PasswordStrength', () => {
  it('is a meter named by its label, with the level in words (not colour alone)', () => {
    const html = renderToStaticMarkup(<PasswordStrength t={t} id="s" score={1} />);
    expect(html).toContain('<span id="s-label">Password strength</span>');
    expect(html).toMatch(/<meter aria-labelledby="s-label" aria-valuetext="Weak" min="0" max="4"[^>]* value="1"/);
    expect(html).toContain('<span class="password-strength-level" aria-live="polite">Weak</span>');
  });

  it('shows no meter without a score, but keeps its live region', () => {
    const html = renderToStaticMarkup(<PasswordStrength t={t} id="s" score={null} />);
    expect(html).not.toContain('<meter');
    expect(html).toContain('aria-live="polite"></span>');
  });
});

describe('DetailsFields (the details step given its tools)', () => {
  const props = (password: string, tools: PasswordTools): DetailsFieldsProps => ({
    t,
    dispatch: () => undefined,
    busy: false,
    errors: {},
    email: 'player@example.com',
    password,
    confirm: '',
    newsletter: false,
    tools,
  });

  it('shows the blocklist rule as not met for Password1! and the meter at "Very weak"', async () => {
    const tools = await loadPasswordTools();
    const html = renderToStaticMarkup(createElement(DetailsFields, props('Password1!', tools)));
    expect(html).toMatch(/<li class="unmet">(?:(?!<\/li>).)*Not a common or easily guessed password/);
    expect(html).toContain('aria-valuetext="Very weak"');
    const good = renderToStaticMarkup(createElement(DetailsFields, props('Forge-Light-2049!', tools)));
    expect(good).toMatch(/<li class="met">(?:(?!<\/li>).)*Not a common or easily guessed password/);
    expect(good).not.toContain('class="unmet"');
  });

  it('leaves the rule not met and shows no meter until the tools have loaded', () => {
    const html = renderToStaticMarkup(
      createElement(DetailsFields, props('Forge-Light-2049!', { isBlocklisted: null, strength: null })),
    );
    expect(html).toMatch(/<li class="unmet">(?:(?!<\/li>).)*Not a common or easily guessed password/);
    expect(html).not.toContain('<meter');
  });

  it('points the password input at the meter and the rules', async () => {
    const html = renderToStaticMarkup(createElement(DetailsFields, props('x', await loadPasswordTools())));
    expect(html).toMatch(/<input[^>]*aria-describedby="create-password-strength create-password-rules"/);
  });

  it('caps no password input below 64 characters (paste: tests/e2e/password-policy.spec.ts)', () => {
    const html = renderToStaticMarkup(
      createElement(DetailsFields, props(LONG, { isBlocklisted: null, strength: null })),
    );
    expect(html.match(/type="password"/g)).toHaveLength(2);
    expect(html).toContain(`value="${LONG}"`);
    for (const m of html.matchAll(/maxlength="(\d+)"/gi)) expect(Number(m[1])).toBeGreaterThanOrEqual(64);
  });
});
