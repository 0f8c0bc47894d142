/** The key stubs the island tests assert on (./keys.ts), and §8 texts through the page's error-texts file. */
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $errorTexts, errorTextIn, errorTextWhenLoaded } from '../../src/client/errors/texts';
import { resolveErrorText } from '../../src/shared/errors/catalogue';
import { createT, hasKey } from '../../src/client/t';
import { useErrorText } from '../../src/islands/shared/error-message';
import { errorTextStubs, keyStrings, screenStrings, stubMessage } from './keys';

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

describe('screenStrings', () => {
  it("gives the island its screen's namespaces and the frame's strings, not the §8 texts", () => {
    const login = screenStrings('login');
    expect(login['login.submit']).toBe('login.submit');
    expect(login['dialog.ok']).toBe('dialog.ok');
    expect(login['error.general']).toBe('error.general code={{code}}');
    expect(hasKey(login, 'create.heading')).toBe(false);
    expect(hasKey(login, 'error.form.20002')).toBe(false);
  });

  it('follows a screen that renders another one (unified-login is login)', () => {
    expect(screenStrings('unified-login')).toEqual(screenStrings('login'));
  });
});

describe('§8 texts in an island', () => {
  const strings = screenStrings('login');

  it('resolves through the error-texts file the setup serves, as on the page', async () => {
    expect(errorTextStubs()['error.modal.20187.desc']).toBe('error.modal.20187.desc');
    expect((await errorTextWhenLoaded(strings, '20002')).message).toBe('error.form.20002');
    expect((await errorTextWhenLoaded(strings, '20187')).message).toBe('error.modal.20187.desc');
    expect(await errorTextWhenLoaded(strings, 'NO_SUCH_CODE')).toMatchObject({
      message: 'error.general code=NO_SUCH_CODE',
      showSupport: true,
    });
  });

  it('shows nothing while the file loads, then the text', async () => {
    const { result } = renderHook(() => useErrorText(strings, '20187'));
    expect(result.current).toBeUndefined();
    await waitFor(() => {
      expect(result.current?.message).toBe('error.modal.20187.desc');
    });
    expect(result.current?.title).toBe('error.modal.20187.title');
  });

  it('without the file, the general message with the code and the support link', () => {
    expect(errorTextIn(strings, { status: 'failed', resolve: resolveErrorText }, '20187')).toEqual({
      title: 'error.defaultTitle',
      message: 'error.general code=20187',
      showSupport: true,
      supportLabel: 'error.support',
    });
  });

  it('without the file and the catalogue (offline), still the general message with the code', () => {
    expect(errorTextIn(strings, { status: 'failed', resolve: undefined }, '')).toEqual({
      title: 'error.defaultTitle',
      message: 'error.general code=00000',
      showSupport: true,
      supportLabel: 'error.support',
    });
  });

  it('after a failed fetch, the next error asks for the file again', async () => {
    $errorTexts.set({ status: 'failed', resolve: undefined });
    const { result } = renderHook(() => useErrorText(strings, '20187'));
    await waitFor(() => {
      expect(result.current?.message).toBe('error.modal.20187.desc');
    });
  });

  it('asks for nothing without a code', () => {
    const { result } = renderHook(() => useErrorText(strings, undefined));
    expect(result.current).toBeUndefined();
    expect($errorTexts.get().status).toBe('idle');
  });
});
