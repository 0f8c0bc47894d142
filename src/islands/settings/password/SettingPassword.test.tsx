/**
 * setting/password/{type}: the form the account needs (change, or create
 * without a password), live rules, the checks before a call, what is sent,
 * 20002 on the current-password field, a §8 form text, and the dialog that
 * says the other sessions were signed out.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { changePassword, createPassword } from '../../../client/api/account-security';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { SettingPassword } from './SettingPassword';

vi.mock('../../../client/api/account-security');
vi.mock('../../../client/api/settings');

function renderScreen(hasSetPassword = true) {
  onPage({ route: 'setting-password' });
  setAccountFromServer(serverAccount({ hasSetPassword, email: 'player@example.com' }));
  const strings = screenStrings('setting-password');
  render(<SettingPassword strings={strings} locale="en" requested="change" />);
}

const field = (key: string) => screen.getByLabelText(key, { selector: 'input' });

describe('SettingPassword', () => {
  it('changes the password: sends current and new, then says the other sessions were signed out', async () => {
    const user = userEvent.setup();
    vi.mocked(changePassword).mockResolvedValue({ endedSessions: 2 });
    renderScreen();
    expect(screen.getByRole('heading', { name: 'settings.password.changeHeading' })).toBeInTheDocument();
    await user.type(field('settings.password.current'), 'Old-Secret-1');
    await user.type(field('settings.password.new'), 'Brand-New-Secret-42');
    await user.type(field('settings.password.confirm'), 'Brand-New-Secret-42');
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    await vi.waitFor(() => {
      expect(changePassword).toHaveBeenCalledWith({
        currentPassword: 'Old-Secret-1',
        newPassword: 'Brand-New-Secret-42',
        language: 'en_US',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'settings.signOutOthers.doneTitle' });
    expect(dialog).toHaveAccessibleDescription('settings.signOutOthers.passwordBody count=2');
    expect(screen.getByRole('status')).toHaveTextContent('settings.password.saved count=2');
  });

  it('shows the create form for an account without a password and sends no current password', async () => {
    const user = userEvent.setup();
    vi.mocked(createPassword).mockResolvedValue({ endedSessions: 0 });
    renderScreen(false);
    expect(screen.getByRole('heading', { name: 'settings.password.createHeading' })).toBeInTheDocument();
    expect(screen.queryByLabelText('settings.password.current', { selector: 'input' })).toBeNull();
    await user.type(field('settings.password.new'), 'Brand-New-Secret-42');
    await user.type(field('settings.password.confirm'), 'Brand-New-Secret-42');
    await user.click(screen.getByRole('button', { name: 'settings.password.createSubmit' }));
    await vi.waitFor(() => {
      expect(createPassword).toHaveBeenCalledWith({ newPassword: 'Brand-New-Secret-42', language: 'en_US' });
    });
  });

  it('refuses an empty form and a mismatched confirmation without a call', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    expect(field('settings.password.current')).toHaveAccessibleDescription('settings.password.currentRequired');
    expect(field('settings.password.new')).toHaveAccessibleDescription(
      expect.stringContaining('settings.password.newRequired'),
    );
    await user.type(field('settings.password.current'), 'Same-Secret-42');
    await user.type(field('settings.password.new'), 'Same-Secret-42');
    await user.type(field('settings.password.confirm'), 'Other-Secret-42');
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    expect(field('settings.password.confirm')).toHaveAccessibleDescription('settings.password.mismatch');
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('checks the rules live and refuses a password that breaks one', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(field('settings.password.current'), 'Old-Secret-1');
    await user.type(field('settings.password.new'), 'short');
    await waitFor(() => expect(screen.getByText('form.passwordRules.20194').closest('li')).toHaveClass('unmet'));
    expect(screen.getByText('form.passwordRules.20197').closest('li')).toHaveClass('met');
    await user.type(field('settings.password.confirm'), 'short');
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    expect(field('settings.password.new')).toHaveAccessibleDescription(
      expect.stringContaining('settings.password.rulesUnmet'),
    );
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("refuses a common password with sign-up's plain text, not the checklist line", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(field('settings.password.current'), 'Old-Secret-1');
    // Password1! meets every §5 rule but is on the blocklist.
    await user.type(field('settings.password.new'), 'Password1!');
    await user.type(field('settings.password.confirm'), 'Password1!');
    await waitFor(() => expect(screen.getByText('form.passwordRules.notCommon').closest('li')).toHaveClass('unmet'));
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    const next = field('settings.password.new');
    expect(next).toHaveAccessibleDescription(expect.stringContaining('error.form.PASSWORD_TOO_COMMON'));
    expect(next).not.toHaveAccessibleDescription(expect.stringContaining('settings.password.rulesUnmet'));
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('puts 20002 on the current-password field', async () => {
    const user = userEvent.setup();
    vi.mocked(changePassword).mockRejectedValue(apiError('20002', 401));
    renderScreen();
    await user.type(field('settings.password.current'), 'Wrong-Secret-1');
    await user.type(field('settings.password.new'), 'Brand-New-Secret-42');
    await user.type(field('settings.password.confirm'), 'Brand-New-Secret-42');
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    await waitFor(() =>
      expect(field('settings.password.current')).toHaveAccessibleDescription('settings.password.currentWrong'),
    );
  });

  it('shows the §8 text of a refused new password (20199)', async () => {
    const user = userEvent.setup();
    vi.mocked(changePassword).mockRejectedValue(apiError('20199'));
    renderScreen();
    await user.type(field('settings.password.current'), 'Old-Secret-1');
    await user.type(field('settings.password.new'), 'Brand-New-Secret-42');
    await user.type(field('settings.password.confirm'), 'Brand-New-Secret-42');
    await user.click(screen.getByRole('button', { name: 'settings.password.changeSubmit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20199');
  });
});
