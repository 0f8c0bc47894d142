/**
 * setting/manage-trusted-devices (spec §2, §3, §5 device name, §7): the list
 * from the mocked list call, rename with the §5 checks, remove one, remove
 * all; rendered with key stubs (tests/components/README.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { getAccount } from '../../client/api/settings';
import {
  listTrustedDevices,
  removeAllTrustedDevices,
  removeTrustedDevice,
  renameTrustedDevice,
} from '../../client/api/trusted-devices';
import type { TrustedDevice } from '../../shared/contract/trusted-devices';
import { ManageTrustedDevices } from './ManageTrustedDevices';

vi.mock('../../client/api/settings');
vi.mock('../../client/api/trusted-devices');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => THIS_DEVICE,
}));

const THIS_DEVICE = '8d2f6b1a-4c3e-4f5a-9b7c-0e1d2c3b4a59';
const PHONE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const devices: TrustedDevice[] = [
  {
    deviceId: PHONE,
    name: 'Old Phone',
    type: 'MOBILE',
    addedAt: '2025-01-15T08:30:00Z',
    lastLoginAt: null,
    location: null,
    expiresInDays: 3,
  },
  {
    deviceId: THIS_DEVICE,
    name: 'Gaming PC',
    type: 'PC',
    addedAt: '2025-03-04T10:00:00Z',
    lastLoginAt: '2025-06-20T18:45:00Z',
    location: 'Berlin, DE',
    expiresInDays: 27,
  },
];

function renderDevices() {
  onPage({ route: 'manage-trusted-devices' });
  render(<ManageTrustedDevices strings={screenStrings('manage-trusted-devices')} locale="en" />);
}

/** The value shown for a field (dt → dd) of a device's entry. */
function field(item: HTMLElement, key: string): string {
  const term = within(item)
    .getAllByRole('term')
    .find((dt) => dt.textContent === key);
  const value = term?.nextElementSibling;
  if (!value) throw new Error(`no ${key} in the entry`);
  return value.textContent.replace(/\s+/g, ' ');
}

async function listItems(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'trustedDevices.listLabel' });
  return within(list).getAllByRole('listitem');
}

describe('ManageTrustedDevices', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
    vi.mocked(listTrustedDevices).mockResolvedValue({ trustedDevices: devices });
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ authTypeList: ['TOTP'], trustedDeviceCount: 2 }));
  });

  it('lists the devices, this one first: name, type, added, last sign-in, location, days left', async () => {
    renderDevices();
    expect(screen.getByText('settings.common.loading')).toBeInTheDocument();
    const [first, second] = await listItems();
    if (!first || !second) throw new Error('two entries expected');

    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Gaming PCtrustedDevices.thisDevice');
    expect(field(first, 'trustedDevices.field.type')).toBe('trustedDevices.type.PC');
    expect(field(first, 'trustedDevices.field.added')).toBe('Mar 4, 2025');
    expect(field(first, 'trustedDevices.field.lastLogin')).toBe('Jun 20, 2025, 6:45 PM');
    expect(field(first, 'trustedDevices.field.location')).toBe('Berlin, DE');
    expect(field(first, 'trustedDevices.field.expiresIn')).toBe('27');

    expect(within(second).getByRole('heading', { level: 2 })).toHaveTextContent(/^Old Phone$/);
    expect(field(second, 'trustedDevices.field.added')).toBe('Jan 15, 2025');
    // Never signed in again, unknown location: shown empty, not "null".
    expect(field(second, 'trustedDevices.field.lastLogin')).toBe('');
    expect(field(second, 'trustedDevices.field.location')).toBe('');
    // This device is trusted already: no offer to trust it.
    expect(screen.queryByRole('button', { name: 'trustedDevices.trustThis' })).not.toBeInTheDocument();
  });

  it('says when there are no devices and offers to trust this one', async () => {
    vi.mocked(listTrustedDevices).mockResolvedValue({ trustedDevices: [] });
    renderDevices();
    expect(await screen.findByText('trustedDevices.empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'trustedDevices.trustThis' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'trustedDevices.removeAll.button' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded and loads it again on retry', async () => {
    vi.mocked(listTrustedDevices).mockRejectedValueOnce(apiError('NETWORK_ERROR', 0));
    renderDevices();
    const dialog = await screen.findByRole('dialog', { name: 'error.modal.NETWORK_ERROR.title' });
    await user.click(within(dialog).getByRole('button', { name: 'dialog.ok' }));
    expect(screen.getByText(/trustedDevices\.loadFailed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'settings.common.retry' }));
    expect(await listItems()).toHaveLength(2);
  });

  it('refuses an empty, a too long and a control-character name with the §5 messages, calling nothing', async () => {
    renderDevices();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'trustedDevices.renameNamed name=Old Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.nameDialog.edit.title' });
    const name = within(dialog).getByRole('textbox', { name: 'trustedDevices.nameDialog.label' });
    expect(name).toHaveValue('Old Phone');
    expect(name).toHaveFocus();
    const save = within(dialog).getByRole('button', { name: 'trustedDevices.nameDialog.edit.submit' });

    await user.clear(name);
    await user.click(save);
    expect(name).toHaveAccessibleDescription(expect.stringContaining('error.input.trusted-device-name'));
    // Spec §5: not confirmed while invalid.
    expect(save).toHaveAttribute('aria-disabled', 'true');

    await user.type(name, '   ');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('error.input.trusted-device-name'));

    await user.clear(name);
    await user.paste('x'.repeat(129));
    await user.click(save);
    expect(name).toHaveAccessibleDescription(expect.stringContaining('error.input.length.device-name'));

    await user.clear(name);
    await user.paste('Office\u0007PC');
    await user.click(save);
    expect(name).toHaveAccessibleDescription(expect.stringContaining('error.input.not-valid-device-name'));

    expect(renameTrustedDevice).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  it('renames a device with the trimmed name, then reloads the list and says so', async () => {
    vi.mocked(renameTrustedDevice).mockResolvedValue({});
    renderDevices();
    await listItems();
    vi.mocked(listTrustedDevices).mockResolvedValue({
      trustedDevices: devices.map((d) => (d.deviceId === PHONE ? { ...d, name: 'Kitchen tablet' } : d)),
    });
    await user.click(screen.getByRole('button', { name: 'trustedDevices.renameNamed name=Old Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.nameDialog.edit.title' });
    const name = within(dialog).getByRole('textbox', { name: 'trustedDevices.nameDialog.label' });
    await user.clear(name);
    await user.type(name, '  Kitchen tablet ');
    await user.click(within(dialog).getByRole('button', { name: 'trustedDevices.nameDialog.edit.submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent('trustedDevices.renamed name=Kitchen tablet');
    expect(renameTrustedDevice).toHaveBeenCalledWith({ deviceId: PHONE, name: 'Kitchen tablet' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 2, name: 'Kitchen tablet' })).toBeInTheDocument();
    });
    // The account's trusted-device count is refreshed too.
    expect(getAccount).toHaveBeenCalled();
  });

  it('keeps a name the server refuses in the dialog with its code text', async () => {
    vi.mocked(renameTrustedDevice).mockRejectedValue(apiError('20202'));
    renderDevices();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'trustedDevices.renameNamed name=Old Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.nameDialog.edit.title' });
    await user.type(within(dialog).getByRole('textbox'), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'trustedDevices.nameDialog.edit.submit' }));
    expect(await within(dialog).findByText('error.form.20202', { selector: '.field-error' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('removes one device after confirmation and the list no longer has it', async () => {
    vi.mocked(removeTrustedDevice).mockResolvedValue({});
    renderDevices();
    await listItems();
    vi.mocked(listTrustedDevices).mockResolvedValue({ trustedDevices: devices.filter((d) => d.deviceId !== PHONE) });
    await user.click(screen.getByRole('button', { name: 'trustedDevices.removeNamed name=Old Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.remove.title' });
    expect(dialog).toHaveAccessibleDescription('trustedDevices.remove.body name=Old Phone');
    await user.click(within(dialog).getByRole('button', { name: 'trustedDevices.remove.confirm' }));

    expect(await screen.findByRole('status')).toHaveTextContent('trustedDevices.removed name=Old Phone');
    expect(removeTrustedDevice).toHaveBeenCalledWith(
      expect.objectContaining({ deviceId: PHONE, language: 'en_US', localTime: expect.any(String) as string }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('heading', { level: 2, name: 'Old Phone' })).not.toBeInTheDocument();
    });
    expect(await listItems()).toHaveLength(1);
    // Focus goes back to the top of the page, not to a removed button.
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'trustedDevices.heading' })).toHaveFocus(),
    );
  });

  it('keeps the device when the removal is cancelled', async () => {
    renderDevices();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'trustedDevices.removeNamed name=Old Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.remove.title' });
    await user.click(within(dialog).getByRole('button', { name: 'dialog.cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(removeTrustedDevice).not.toHaveBeenCalled();
    expect(await listItems()).toHaveLength(2);
  });

  it('removes all devices after confirmation and shows the empty list', async () => {
    vi.mocked(removeAllTrustedDevices).mockResolvedValue({});
    renderDevices();
    await listItems();
    vi.mocked(listTrustedDevices).mockResolvedValue({ trustedDevices: [] });
    await user.click(screen.getByRole('button', { name: 'trustedDevices.removeAll.button' }));
    const dialog = await screen.findByRole('dialog', { name: 'trustedDevices.removeAll.title' });
    await user.click(within(dialog).getByRole('button', { name: 'trustedDevices.removeAll.confirm' }));

    expect(await screen.findByRole('status')).toHaveTextContent('trustedDevices.removedAll');
    expect(removeAllTrustedDevices).toHaveBeenCalledWith(
      expect.objectContaining({ language: 'en_US', timeOffset: expect.any(Number) as number }),
    );
    expect(await screen.findByText('trustedDevices.empty')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'trustedDevices.listLabel' })).not.toBeInTheDocument();
  });
});
