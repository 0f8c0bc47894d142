/**
 * login/move-to-zendesk (spec §2) rendered with key stubs; the call is mocked at src/client/api
 * (tests/components/README.md).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { moveToZendesk } from '../../client/api/launcher-login';
import { goTo } from '../../client/navigation/page';
import { MoveToDeskIsland } from './MoveToDeskIsland';

vi.mock('../../client/api/launcher-login');

const DESK = 'https://lumenforge.zendesk.example/access/jwt?jwt=a.b.c&return_to=x';

function renderMove() {
  onPage({ route: 'login-move-to-zendesk' });
  render(<MoveToDeskIsland strings={screenStrings('login-move-to-zendesk')} locale="en" />);
}

describe('MoveToDeskIsland', () => {
  it('asks for the desk URL once mounted and goes there', async () => {
    vi.mocked(moveToZendesk).mockResolvedValue({ returnUrl: DESK });
    renderMove();
    expect(screen.getByRole('heading', { name: 'supportDesk.move.heading' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('supportDesk.move.wait');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(DESK));
    expect(moveToZendesk).toHaveBeenCalledTimes(1);
  });

  it('shows a failure with a retry that asks again', async () => {
    const user = userEvent.setup();
    vi.mocked(moveToZendesk).mockRejectedValueOnce(apiError('SERVER_ERROR', 500));
    vi.mocked(moveToZendesk).mockResolvedValueOnce({ returnUrl: DESK });
    renderMove();
    // The settings error handling shows the error in a dialog; the page keeps a retry.
    const dialog = await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(await screen.findByRole('alert')).toHaveTextContent('supportDesk.move.failed');
    expect(goTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'supportDesk.move.retry' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(DESK));
    expect(moveToZendesk).toHaveBeenCalledTimes(2);
  });
});
