/**
 * The minor-linking dialog (spec §2 dialogs, §4): its delink view calls the delink once while busy and closes with
 * the outcome, the call's refusal included, for the page to show.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, keyStrings } from '../../../tests/components/helpers';
import { delinkMinorConsole } from '../../client/api/platform';
import type { CustomDialogApi } from '../../client/dialogs/queue';
import { createT } from '../../client/t';
import { MinorLinkingDialog, type MinorLinkingResult } from './MinorLinkingDialog';

vi.mock('../../client/api/platform');

const t = createT(keyStrings(['minorLinking']));

async function openDelink(user: ReturnType<typeof userEvent.setup>) {
  const close = vi.fn();
  const api = {
    t,
    titleId: 'title',
    descriptionId: 'description',
    close,
  } as unknown as CustomDialogApi<MinorLinkingResult>;
  render(<MinorLinkingDialog t={t} api={api} platformName="Console" />);
  await user.click(screen.getByRole('button', { name: 'minorLinking.notice.delink' }));
  return close;
}

it('delinks once while busy, then closes with delinked', async () => {
  const user = userEvent.setup();
  let answer: (value: Record<string, never>) => void = () => undefined;
  vi.mocked(delinkMinorConsole).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const close = await openDelink(user);
  const confirm = screen.getByRole('button', { name: 'minorLinking.delink.confirm' });
  await user.click(confirm);
  await vi.waitFor(() => expect(confirm).toBeDisabled());
  expect(screen.getByRole('button', { name: 'minorLinking.delink.back' })).toBeDisabled();
  expect(delinkMinorConsole).toHaveBeenCalledTimes(1);
  answer({});
  await vi.waitFor(() => expect(close).toHaveBeenCalledWith({ kind: 'delinked' }));
});

it('closes with the refusal for the page to show', async () => {
  const user = userEvent.setup();
  const refusal = apiError('20159', 401);
  vi.mocked(delinkMinorConsole).mockRejectedValue(refusal);
  const close = await openDelink(user);
  await user.click(screen.getByRole('button', { name: 'minorLinking.delink.confirm' }));
  await vi.waitFor(() => expect(close).toHaveBeenCalledWith({ kind: 'failed', error: refusal }));
});
