/**
 * The passkeys section of setting/security (issue 18): the list, adding
 * (options, name, the browser's ceremony, the call), renaming, removing, the
 * verification a protected change needs.
 * API modules, the WebAuthn ceremony and the sign-out offer are mocked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import {
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from '../../client/api/passkeys';
import { getTrustedDeviceNameSuggestion } from '../../client/api/trusted-devices';
import { createPasskey, isCancelled } from '../../client/passkeys/ceremony';
import { handleSettingsError } from '../settings/handle-error';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { offerSignOutOthers } from '../shared/sign-out-others';
import { Passkeys } from './Passkeys';

vi.mock('../../client/api/passkeys');
vi.mock('../../client/api/trusted-devices');
vi.mock('../../client/passkeys/ceremony');
vi.mock('../settings/handle-error');
vi.mock('../shared/sign-out-others');

const PHONE = {
  credentialId: 'cred-phone',
  name: 'Phone',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  synced: true,
};
const KEY = {
  credentialId: 'cred-key',
  name: 'Security key',
  createdAt: '2026-02-01T10:00:00.000Z',
  lastUsedAt: '2026-04-02T10:00:00.000Z',
  synced: false,
};
const CREDENTIAL = {
  id: 'abc',
  rawId: 'abc',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2M', transports: ['internal' as const] },
};

function renderPasskeys() {
  onPage({ route: 'security' });
  const strings = screenStrings('security');
  render(
    <>
      <Passkeys strings={strings} locale="en" />
      <LazyDialogHost strings={strings} />
    </>,
  );
}

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup();
  // happy-dom has no WebAuthn: the section asks the browser whether it has PublicKeyCredential.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.mocked(listPasskeys).mockResolvedValue({ passkeys: [PHONE, KEY] });
  vi.mocked(getTrustedDeviceNameSuggestion).mockResolvedValue({ suggestion: 'Chrome on Linux' });
  vi.mocked(offerSignOutOthers).mockResolvedValue(0);
});

it('lists each passkey with its name, kind, dates and labelled actions', async () => {
  renderPasskeys();
  const phone = (await screen.findByRole('heading', { level: 3, name: /^Phone/ })).closest('li');
  if (!phone) throw new Error('no item');
  expect(within(phone).getByText('passkeys.synced')).toBeInTheDocument();
  expect(within(phone).getByText(/passkeys\.neverUsed/)).toBeInTheDocument();
  expect(within(phone).getByRole('button', { name: 'passkeys.rename name=Phone' })).toBeInTheDocument();
  const key = screen.getByRole('heading', { level: 3, name: /^Security key/ }).closest('li');
  if (!key) throw new Error('no item');
  expect(within(key).getByText('passkeys.deviceBound')).toBeInTheDocument();
  expect(within(key).getByText(/passkeys\.lastUsed date=/)).toBeInTheDocument();
});

it('says when the browser cannot create passkeys, and offers no add button', async () => {
  vi.unstubAllGlobals();
  renderPasskeys();
  expect(await screen.findByText('passkeys.unsupported')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'passkeys.add' })).toBeNull();
});

it('says when there is none', async () => {
  vi.mocked(listPasskeys).mockResolvedValue({ passkeys: [] });
  renderPasskeys();
  expect(await screen.findByText('passkeys.none')).toBeInTheDocument();
});

it('adds a passkey: options, the name (prefilled), the ceremony, the call, then the sign-out offer', async () => {
  vi.mocked(startPasskeyRegistration).mockResolvedValue({ options: { challenge: 'c' } });
  vi.mocked(createPasskey).mockResolvedValue(CREDENTIAL);
  vi.mocked(finishPasskeyRegistration).mockResolvedValue({ passkey: PHONE });
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.add' }));
  const dialog = await screen.findByRole('dialog', { name: 'passkeys.name.title' });
  const field = within(dialog).getByLabelText('passkeys.name.label');
  expect(field).toHaveValue('Chrome on Linux');
  await user.clear(field);
  await user.type(field, '  Laptop ');
  await user.click(within(dialog).getByRole('button', { name: 'passkeys.name.save' }));
  await waitFor(() => {
    expect(finishPasskeyRegistration).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Laptop', credential: CREDENTIAL, timeOffset: expect.any(Number) as number }),
    );
  });
  expect(createPasskey).toHaveBeenCalledWith({ challenge: 'c' });
  expect(await screen.findByRole('status')).toHaveTextContent('passkeys.added name=Laptop');
  expect(offerSignOutOthers).toHaveBeenCalledWith({ locale: 'en' });
});

it('an empty name is refused in the dialog; cancelling adds nothing', async () => {
  vi.mocked(startPasskeyRegistration).mockResolvedValue({ options: { challenge: 'c' } });
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.add' }));
  const dialog = await screen.findByRole('dialog', { name: 'passkeys.name.title' });
  await user.clear(within(dialog).getByLabelText('passkeys.name.label'));
  await user.click(within(dialog).getByRole('button', { name: 'passkeys.name.save' }));
  expect(within(dialog).getByLabelText('passkeys.name.label')).toHaveAccessibleDescription(
    expect.stringContaining('passkeys.name.required') as string,
  );
  await user.keyboard('{Escape}');
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
  expect(createPasskey).not.toHaveBeenCalled();
  expect(finishPasskeyRegistration).not.toHaveBeenCalled();
});

it('a cancelled browser prompt stores nothing and says so', async () => {
  vi.mocked(startPasskeyRegistration).mockResolvedValue({ options: { challenge: 'c' } });
  vi.mocked(createPasskey).mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
  vi.mocked(isCancelled).mockReturnValue(true);
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.add' }));
  const dialog = await screen.findByRole('dialog', { name: 'passkeys.name.title' });
  await user.click(within(dialog).getByRole('button', { name: 'passkeys.name.save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('passkeys.cancelled');
  expect(finishPasskeyRegistration).not.toHaveBeenCalled();
});

it('a session that must be verified first goes to the settings verification before anything is named', async () => {
  const verifyFirst = apiError('20008', 403, 'missing verification code: 9');
  vi.mocked(startPasskeyRegistration).mockRejectedValue(verifyFirst);
  vi.mocked(handleSettingsError).mockResolvedValue({ kind: 'handled' });
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.add' }));
  await waitFor(() => {
    expect(handleSettingsError).toHaveBeenCalledWith(verifyFirst);
  });
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('renames a passkey', async () => {
  vi.mocked(renamePasskey).mockResolvedValue({});
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.rename name=Phone' }));
  const dialog = await screen.findByRole('dialog', { name: 'passkeys.name.title' });
  const field = within(dialog).getByLabelText('passkeys.name.label');
  await user.clear(field);
  await user.type(field, 'Pixel');
  await user.click(within(dialog).getByRole('button', { name: 'passkeys.name.save' }));
  await waitFor(() => {
    expect(renamePasskey).toHaveBeenCalledWith({ credentialId: 'cred-phone', name: 'Pixel' });
  });
  expect(await screen.findByRole('status')).toHaveTextContent('passkeys.renamed name=Pixel');
});

it('removes a passkey after confirmation, then offers to sign out the others', async () => {
  vi.mocked(removePasskey).mockResolvedValue({});
  renderPasskeys();
  await user.click(await screen.findByRole('button', { name: 'passkeys.remove name=Security key' }));
  const dialog = await screen.findByRole('dialog', { name: 'passkeys.removeTitle' });
  await user.click(within(dialog).getByRole('button', { name: 'passkeys.removeConfirm' }));
  await waitFor(() => {
    expect(removePasskey).toHaveBeenCalledWith(expect.objectContaining({ credentialId: 'cred-key' }));
  });
  expect(await screen.findByRole('status')).toHaveTextContent('passkeys.removed name=Security key');
  expect(offerSignOutOthers).toHaveBeenCalled();
});
