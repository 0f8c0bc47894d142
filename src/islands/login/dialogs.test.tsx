/**
 * The trusted-device dialog body of the sign-in flow (spec §2): the name is added once while busy, a refused
 * name's text is shown on the field (cleared by typing), and the dialog closes with true once the device is added.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { keyStrings } from '../../../tests/components/helpers';
import type { CustomDialogApi } from '../../client/dialogs/queue';
import { createT } from '../../client/t';
import { TrustedDeviceBody } from './dialogs';

const t = createT(keyStrings(['login.trustedDevice', 'error.input']));

function renderBody(add: (name: string) => Promise<string | undefined>) {
  const close = vi.fn();
  const api = { t, titleId: 'title', descriptionId: 'description', close } as unknown as CustomDialogApi<boolean>;
  render(<TrustedDeviceBody t={t} api={api} suggestion="Laptop" add={add} errorText={(code) => `text of ${code}`} />);
  return close;
}

it('adds the device once while busy, then closes with true', async () => {
  const user = userEvent.setup();
  let answer: (code: string | undefined) => void = () => undefined;
  const add = vi.fn(() => new Promise<string | undefined>((resolve) => (answer = resolve)));
  const close = renderBody(add);
  const button = screen.getByRole('button', { name: /login.trustedDevice.add/ });
  await user.click(button);
  expect(button).toHaveAttribute('aria-disabled', 'true');
  await user.click(button);
  expect(add).toHaveBeenCalledTimes(1);
  expect(add).toHaveBeenCalledWith('Laptop');
  answer(undefined);
  await vi.waitFor(() => expect(close).toHaveBeenCalledWith(true));
});

it("shows a refusal's text on the field, cleared by typing, and adds on the next try", async () => {
  const user = userEvent.setup();
  const add = vi.fn<(name: string) => Promise<string | undefined>>().mockResolvedValueOnce('20216');
  const close = renderBody(add);
  await user.click(screen.getByRole('button', { name: /login.trustedDevice.add/ }));
  const field = screen.getByLabelText('login.trustedDevice.nameLabel');
  expect(await screen.findByText('text of 20216')).toBeInTheDocument();
  expect(close).not.toHaveBeenCalled();
  await user.type(field, '2');
  expect(screen.queryByText('text of 20216')).not.toBeInTheDocument();
  add.mockResolvedValueOnce(undefined);
  await user.click(screen.getByRole('button', { name: /login.trustedDevice.add/ }));
  expect(add).toHaveBeenLastCalledWith('Laptop2');
  await vi.waitFor(() => expect(close).toHaveBeenCalledWith(true));
});
