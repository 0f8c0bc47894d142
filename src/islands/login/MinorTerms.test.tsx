/**
 * 20256 at sign-in (spec §2 terms for minors, §5 parent verification code,
 * §8 20256/20068): the sign-in form opens the terms-for-minors dialog; the
 * parent's code keeps letters and digits only, sends itself when the sixth is
 * in, shows a wrong code (20068) on the field, can be sent again, and once
 * accepted the sign-in completes as after the terms reconsent.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { loginComplete, webEmailLogin } from '../../client/api/launcher-login';
import { getAccount } from '../../client/api/settings';
import { consentTermsByParent, requestParentCode } from '../../client/api/terms';
import { goTo } from '../../client/navigation/page';
import { LoginIsland } from './LoginIsland';
import { normaliseParentCode } from './minor-terms';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');
vi.mock('../../client/api/terms');

const signedIn = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

async function meetMinorTerms(user: ReturnType<typeof userEvent.setup>) {
  vi.mocked(webEmailLogin).mockRejectedValueOnce(apiError('20256', 403));
  onPage({ route: 'login' });
  render(
    <LoginIsland
      strings={screenStrings('login')}
      locale="en"
      createPath="/account/en/create"
      recoveryPath="/account/en/self-service"
    />,
  );
  await user.type(screen.getByLabelText('login.id.label'), 'child1@demo.lumenforge.test');
  await user.type(screen.getByLabelText('login.password.label'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'login.submit' }));
  const dialog = await screen.findByRole('dialog', { name: 'minor.terms.title' });
  const field = within(dialog).getByRole('textbox', { name: 'minor.terms.codeLabel' });
  return { dialog, field };
}

describe('normaliseParentCode', () => {
  it('keeps letters and digits only, at most 6', () => {
    expect(normaliseParentCode(' ab-12 cd ')).toBe('ab12cd');
    expect(normaliseParentCode('A_B.C/1:2!3-4')).toBe('ABC123');
    expect(normaliseParentCode('é😀ß')).toBe('');
  });
});

describe('terms for minors at sign-in (20256)', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('explains a parent must agree, strips what is not a letter or digit, and sends the code when full', async () => {
    vi.mocked(consentTermsByParent).mockResolvedValue({});
    vi.mocked(loginComplete).mockResolvedValue(signedIn);
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
    const { dialog, field } = await meetMinorTerms(user);
    expect(dialog).toHaveAccessibleDescription(/minor\.terms\.body/);
    expect(field).toHaveFocus();

    await user.type(field, 'k7-q');
    expect(field).toHaveValue('k7q');
    expect(consentTermsByParent).not.toHaveBeenCalled();
    await user.type(field, ' 2 #x9');
    // The sixth character sends it: no button press.
    await waitFor(() => {
      expect(consentTermsByParent).toHaveBeenCalledWith('WEB', 'k7q2x9');
    });
    expect(consentTermsByParent).toHaveBeenCalledTimes(1);
    // Then the sign-in completes, as after the reconsent.
    await waitFor(() => {
      expect(loginComplete).toHaveBeenCalledTimes(1);
    });
    await waitFor(() => {
      expect(goTo).toHaveBeenCalled();
    });
    expect(screen.queryByRole('dialog', { name: 'minor.terms.title' })).toBeNull();
  });

  it('takes a pasted code with separators and sends it once', async () => {
    vi.mocked(consentTermsByParent).mockResolvedValue({});
    vi.mocked(loginComplete).mockResolvedValue(signedIn);
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
    const { field } = await meetMinorTerms(user);
    await user.click(field);
    await user.paste('AB3-C4D');
    expect(field).toHaveValue('AB3C4D');
    await waitFor(() => {
      expect(loginComplete).toHaveBeenCalledTimes(1);
    });
    expect(consentTermsByParent).toHaveBeenCalledExactlyOnceWith('WEB', 'AB3C4D');
  });

  it('refuses a short code on submit without a call', async () => {
    const { dialog, field } = await meetMinorTerms(user);
    await user.type(field, 'AB3');
    await user.click(within(dialog).getByRole('button', { name: 'minor.terms.submit' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('minor.terms.codeIncomplete'));
    expect(consentTermsByParent).not.toHaveBeenCalled();
  });

  it('shows a wrong code (20068) on the field as error.form.invalid-code; a corrected code signs in', async () => {
    vi.mocked(consentTermsByParent).mockRejectedValueOnce(apiError('20068')).mockResolvedValueOnce({});
    vi.mocked(loginComplete).mockResolvedValue(signedIn);
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
    const { dialog, field } = await meetMinorTerms(user);
    await user.type(field, 'ZZZZZZ');
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription(expect.stringContaining('error.form.invalid-code'));
    });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(loginComplete).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.clear(field);
    await user.type(field, 'AB12CD');
    await waitFor(() => {
      expect(loginComplete).toHaveBeenCalledTimes(1);
    });
    expect(consentTermsByParent).toHaveBeenLastCalledWith('WEB', 'AB12CD');
  });

  it('sends the code to the parent again and says so; a refused resend shows its text', async () => {
    vi.mocked(requestParentCode).mockResolvedValueOnce({}).mockRejectedValueOnce(apiError('20157'));
    const { dialog } = await meetMinorTerms(user);
    await user.click(within(dialog).getByRole('button', { name: 'minor.terms.resend' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('minor.terms.resent');
    expect(requestParentCode).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'minor.terms.resend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('error.modal.20157.desc');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('cancel closes the dialog and leaves the form ready, signed out', async () => {
    await meetMinorTerms(user);
    await user.click(screen.getByRole('button', { name: 'dialog.cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(loginComplete).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'login.submit' })).not.toHaveAttribute('aria-disabled');
  });
});
