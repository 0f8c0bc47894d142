/**
 * global/activate (issue 16; docs/console-activation.md) rendered with key stubs; the calls are mocked at
 * src/client/api/oidc (tests/components/README.md).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { decideActivation, inspectActivation } from '../../client/api/oidc';
import { ActivateIsland } from './ActivateIsland';

vi.mock('../../client/api/oidc');

const FOUND = {
  client: { name: 'Lumenforge for consoles', site: 'https://www.lumenforge.com/consoles' },
  scopes: ['openid', 'profile'] as ('openid' | 'profile' | 'email')[],
  expiresAt: Date.now() + 600_000,
};

function renderAt(search = '') {
  onPage({ route: 'global-activate', search });
  render(<ActivateIsland strings={screenStrings('global-activate')} locale="en" />);
  return screen.getByLabelText('activate.code.label');
}

describe('ActivateIsland', () => {
  it('refuses an empty or malformed code without a call', async () => {
    const user = userEvent.setup();
    const field = renderAt();
    await user.click(screen.getByRole('button', { name: 'activate.submit' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('activate.code.required') as string);
    expect(field).toHaveFocus();
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'activate.submit' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('activate.code.invalid') as string);
    expect(inspectActivation).not.toHaveBeenCalled();
  });

  it('normalises a pasted lower-case code, shows the console app, and connects it', async () => {
    const user = userEvent.setup();
    vi.mocked(inspectActivation).mockResolvedValue(FOUND);
    vi.mocked(decideActivation).mockResolvedValue({});
    const field = renderAt();
    await user.click(field);
    await user.paste(' bcdf-2345 ');
    await user.click(screen.getByRole('button', { name: 'activate.submit' }));
    await vi.waitFor(() => {
      expect(inspectActivation).toHaveBeenCalledWith({ userCode: 'BCDF2345' });
    });
    expect(
      await screen.findByRole('heading', { name: 'activate.confirm.heading client=Lumenforge for consoles' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'activate.confirm.scopes' })).toHaveTextContent('activate.scope.profile');
    await user.click(screen.getByRole('button', { name: 'activate.confirm.approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('activate.done.approved');
    expect(decideActivation).toHaveBeenCalledWith({ userCode: 'BCDF2345', approve: true });
  });

  it('looks up the code from the QR URL at once, and denies it', async () => {
    const user = userEvent.setup();
    vi.mocked(inspectActivation).mockResolvedValue(FOUND);
    vi.mocked(decideActivation).mockResolvedValue({});
    renderAt('?user_code=BCDF-2345');
    await waitFor(() => expect(inspectActivation).toHaveBeenCalledWith({ userCode: 'BCDF2345' }));
    await user.click(await screen.findByRole('button', { name: 'activate.confirm.deny' }));
    expect(await screen.findByRole('status')).toHaveTextContent('activate.done.denied');
    expect(decideActivation).toHaveBeenCalledWith({ userCode: 'BCDF2345', approve: false });
  });

  it.each([
    ['20013', 'activate.errors.wrong'],
    ['20018', 'activate.errors.expired'],
    ['20157', 'activate.errors.blocked'],
  ])('explains %s in its own words', async (code, key) => {
    const user = userEvent.setup();
    vi.mocked(inspectActivation).mockRejectedValue(apiError(code, code === '20157' ? 429 : 400));
    const field = renderAt();
    await user.type(field, 'BCDF2345');
    await user.click(screen.getByRole('button', { name: 'activate.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(key);
  });

  it('shows the §8 text of any other failure', async () => {
    const user = userEvent.setup();
    vi.mocked(inspectActivation).mockRejectedValue(apiError('20022'));
    const field = renderAt();
    await user.type(field, 'BCDF2345');
    await user.click(screen.getByRole('button', { name: 'activate.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.invalidAccess.desc code=20022');
  });
});
