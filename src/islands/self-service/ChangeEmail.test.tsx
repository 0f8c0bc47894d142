import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { changeSelfServiceId, requestIdChangeCode } from '../../client/api/self-service';
import { goTo } from '../../client/navigation/page';
import { ChangeEmail } from './ChangeEmail';
import { writeFlow } from './flow';

vi.mock('../../client/api/self-service');

beforeEach(() => {
  writeFlow({
    serialNumber: 'S-9',
    operationType: 'changeId',
    searchBy: 'email',
    value: 'old@example.com',
    authTypes: [],
    primaryAuthType: null,
    phoneNo: null,
  });
});
afterEach(() => {
  sessionStorage.clear();
});

function renderChange() {
  onPage({ route: 'self-change-email', search: '?showNewEmailField=true' });
  render(<ChangeEmail strings={screenStrings('self-change-email')} locale="en" />);
}

it('sends a code to the new address, then changes the ID with it', async () => {
  const user = userEvent.setup();
  vi.mocked(requestIdChangeCode).mockResolvedValue({});
  vi.mocked(changeSelfServiceId).mockResolvedValue({ email: 'new@example.com' });
  renderChange();
  await user.type(await screen.findByLabelText('selfService.change.newEmail'), 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'selfService.change.send' }));
  expect(screen.getByLabelText('selfService.change.newEmail')).toHaveAccessibleDescription(
    'selfService.change.emailInvalid',
  );
  expect(requestIdChangeCode).not.toHaveBeenCalled();
  await user.clear(screen.getByLabelText('selfService.change.newEmail'));
  await user.type(screen.getByLabelText('selfService.change.newEmail'), 'new@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.change.send' }));
  await user.type(await screen.findByLabelText('selfService.change.code'), '654321');
  await user.click(screen.getByRole('button', { name: 'selfService.change.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/change-email/completed?'), false);
  });
  expect(requestIdChangeCode).toHaveBeenCalledWith({
    newId: 'new@example.com',
    serialNumber: 'S-9',
    language: 'en_US',
  });
  expect(changeSelfServiceId).toHaveBeenCalledWith({ serialNumber: 'S-9', code: '654321', language: 'en_US' });
});

it('goes to change-email/failed on 20063 (7 days between changes)', async () => {
  const user = userEvent.setup();
  vi.mocked(requestIdChangeCode).mockRejectedValue(apiError('20063'));
  renderChange();
  await user.type(await screen.findByLabelText('selfService.change.newEmail'), 'new@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.change.send' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/change-email/failed'), false);
  });
});

it('shows a taken address in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(requestIdChangeCode).mockRejectedValue(apiError('20010', 409));
  renderChange();
  await user.type(await screen.findByLabelText('selfService.change.newEmail'), 'taken@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.change.send' }));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
});
