/** The key stubs the island tests assert on (./keys.ts). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createT, hasKey } from '../../src/client/t';
import { formErrorText } from '../../src/islands/shared/error-message';
import { keyStrings, stubMessage } from './keys';

describe('keyStrings', () => {
  const strings = keyStrings();
  const t = createT(strings);

  it('maps every key of en.json to itself', () => {
    expect(t('login.submit')).toBe('login.submit');
    expect(t('trustedDevices.nameDialog.edit.title')).toBe('trustedDevices.nameDialog.edit.title');
    expect(Object.keys(strings).length).toBeGreaterThan(500);
  });

  it('keeps placeholders visible: the values show, a value not passed stays {{name}}', () => {
    expect(stubMessage('x.y', 'From {{start}} to {{end}}, {{start}} again')).toBe('x.y start={{start}} end={{end}}');
    expect(t('trustedDevices.removed', { name: 'Phone' })).toBe('trustedDevices.removed name=Phone');
    expect(t('trustedDevices.removed')).toBe('trustedDevices.removed name={{name}}');
  });

  it('has only the keys en.json has, so §8 resolution picks the key the page would show', () => {
    expect(hasKey(strings, 'error.form.20002')).toBe(true);
    expect(hasKey(strings, 'error.form.20187')).toBe(false);
    expect(formErrorText(t, strings, '20002').message).toBe('error.form.20002');
    expect(formErrorText(t, strings, '20187').message).toBe('error.modal.20187.desc');
    expect(formErrorText(t, strings, 'NO_SUCH_CODE')).toEqual({
      message: 'error.general code=NO_SUCH_CODE',
      showSupport: true,
    });
  });

  it('keeps only the keys under the given prefixes, like the build', () => {
    const login = keyStrings(['login', 'error.form.20002']);
    expect(login['login.submit']).toBe('login.submit');
    expect(login['error.form.20002']).toBe('error.form.20002');
    expect(login['loginX']).toBeUndefined();
    expect(login['create.heading']).toBeUndefined();
  });

  it('renders as text a test finds by key', () => {
    render(<button type="button">{t('login.submit')}</button>);
    expect(screen.getByRole('button', { name: 'login.submit' })).toBeInTheDocument();
  });
});
