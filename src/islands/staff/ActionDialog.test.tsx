import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { createT } from '../../client/t';
import { ActionDialog } from './ActionDialog';

const strings = screenStrings('staff-console');
const t = createT(strings);
const REASON = 'The player proved ownership by video call';

function renderDialog(onConfirm = vi.fn().mockResolvedValue(undefined), onClose = vi.fn()) {
  onPage({ route: 'staff-console' });
  render(
    <ActionDialog
      t={t}
      strings={strings}
      title="Block · 42"
      choice={{
        label: 'staff.action.banReason',
        options: [
          { value: '7003', label: '7003' },
          { value: '7001', label: '7001' },
        ],
      }}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onConfirm, onClose };
}

it('is a modal dialog named by its title that refuses a short reason without calling the action', async () => {
  const user = userEvent.setup();
  const { onConfirm } = renderDialog();
  const dialog = await screen.findByRole('dialog', { name: 'Block · 42' });
  expect(dialog).toBeVisible();
  await user.type(screen.getByLabelText('staff.action.reason'), 'too short');
  await user.click(screen.getByRole('button', { name: 'staff.action.confirm' }));
  expect(screen.getByText('staff.action.reasonInvalid')).toBeInTheDocument();
  expect(screen.getByLabelText('staff.action.reason')).toHaveFocus();
  expect(onConfirm).not.toHaveBeenCalled();
});

it('runs the action with the reason and the choice, then closes', async () => {
  const user = userEvent.setup();
  const { onConfirm, onClose } = renderDialog();
  await user.selectOptions(screen.getByLabelText('staff.action.banReason'), '7001');
  await user.type(screen.getByLabelText('staff.action.reason'), `  ${REASON} `);
  await user.click(screen.getByRole('button', { name: 'staff.action.confirm' }));
  expect(onConfirm).toHaveBeenCalledWith(REASON, '7001');
  expect(onClose).toHaveBeenCalled();
});

it('shows the refusal by its code and stays open', async () => {
  const user = userEvent.setup();
  const { onClose } = renderDialog(vi.fn().mockResolvedValue('STAFF_ACTION_REFUSED'));
  await user.type(screen.getByLabelText('staff.action.reason'), REASON);
  await user.click(screen.getByRole('button', { name: 'staff.action.confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.STAFF_ACTION_REFUSED');
  expect(onClose).not.toHaveBeenCalled();
});

it('closes on Escape and on Cancel', async () => {
  const user = userEvent.setup();
  const { onClose } = renderDialog();
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'staff.action.cancel' }));
  expect(onClose).toHaveBeenCalledTimes(2);
});
