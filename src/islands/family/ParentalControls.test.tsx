/**
 * setting/parental-controls (spec §2 settings tab, §3 family, §6 parent role,
 * §8 20002/20233/20008 N=10): the family list from the mocked family call,
 * each per-child action behind its confirm dialog and followed by the
 * update-success message and a reloaded list, the refusal to turn controls
 * off while children remain, and the view of an account that is not a parent.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { getGameList } from '../../client/api/content';
import {
  disableParentalControls,
  getFamilyMembers,
  releaseChild,
  resetChildGameAccess,
  setChildStatus,
} from '../../client/api/parental';
import { requestEmailCode } from '../../client/api/settings';
import { ApiError } from '../../client/http/api-error';
import { goTo } from '../../client/navigation/page';
import { setAccountFromServer } from '../../client/stores/account-parse';
import type { FamilyMember } from '../../shared/contract/parental';
import { ParentalControls } from './ParentalControls';

vi.mock('../../client/api/content');
vi.mock('../../client/api/parental');
vi.mock('../../client/api/settings');

const me: FamilyMember = {
  globalUserNo: 900003,
  status: 1,
  email: 'parent@demo.lumenforge.test',
  name: 'Pat Parent',
  accessibleProductId: '',
  isMe: true,
};
const mia: FamilyMember = {
  globalUserNo: 900004,
  status: 1,
  email: 'child1@demo.lumenforge.test',
  name: 'Mia',
  accessibleProductId: '50203,59001,77777',
  isMe: false,
};
const leo: FamilyMember = {
  globalUserNo: 900005,
  status: 0,
  email: 'child2@demo.lumenforge.test',
  name: 'Leo',
  accessibleProductId: '',
  isMe: false,
};

function family(children: FamilyMember[], over: { isParent?: boolean; isParentalSet?: boolean } = {}) {
  return {
    isParent: over.isParent ?? true,
    isParentalSet: over.isParentalSet ?? true,
    parent: { email: me.email },
    children,
  };
}

function renderTab() {
  onPage({ route: 'parental-controls' });
  render(<ParentalControls strings={screenStrings('parental-controls')} locale="en" />);
}

async function entries(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'family.listLabel' });
  return within(list).getAllByRole('listitem');
}

async function entry(name: string): Promise<HTMLElement> {
  await entries();
  return screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
}

/** The value shown for a field (dt → dd) of an entry. */
function field(item: HTMLElement, key: string): string | undefined {
  const term = within(item)
    .queryAllByRole('term')
    .find((dt) => dt.textContent === key);
  return term?.nextElementSibling?.textContent;
}

describe('ParentalControls', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
    // The children are listed after the parent's own entry, whichever order the server sends.
    vi.mocked(getFamilyMembers).mockResolvedValue(family([mia, me, leo]));
    vi.mocked(getGameList).mockResolvedValue([
      { productID: 50203, name: 'Skyforge Tactics' },
      { productID: 59001, name: 'Starwake Racers' },
    ]);
  });

  it('lists the parent first with a you marker and no controls, then each child with email, name, status, games', async () => {
    renderTab();
    expect(screen.getByText('family.loading')).toBeInTheDocument();
    const [first, second, third] = await entries();
    if (!first || !second || !third) throw new Error('three entries expected');

    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Pat Parentfamily.you');
    expect(field(first, 'family.field.email')).toBe(me.email);
    expect(field(first, 'family.field.name')).toBe('Pat Parent');
    // Spec §6: the own entry has no status, games or controls.
    expect(field(first, 'family.field.games')).toBeUndefined();
    expect(within(first).queryByText('family.status.active')).toBeNull();
    expect(within(first).queryAllByRole('button')).toHaveLength(0);

    expect(within(second).getByRole('heading', { level: 2 })).toHaveTextContent('Miafamily.status.active');
    expect(field(second, 'family.field.email')).toBe(mia.email);
    // Product ids by the CDN game list's names; an id the list lacks is shown as the id.
    await waitFor(() => {
      expect(field(second, 'family.field.games')).toBe('Skyforge Tactics, Starwake Racers, 77777');
    });
    expect(within(second).getByRole('button', { name: 'family.action.deactivate' })).toBeEnabled();
    // Each control says whose it is: described by the child's heading.
    expect(within(second).getByRole('button', { name: 'family.action.deactivate' })).toHaveAccessibleDescription(
      /^Mia/,
    );
    expect(within(second).getByRole('button', { name: 'family.action.release' })).toBeEnabled();
    expect(within(second).getByRole('button', { name: 'family.action.reset' })).toBeEnabled();

    expect(within(third).getByRole('heading', { level: 2 })).toHaveTextContent('Leofamily.status.inactive');
    expect(field(third, 'family.field.games')).toBe('family.games.none');
    expect(within(third).getByRole('button', { name: 'family.action.reactivate' })).toBeEnabled();
    // Spec §6: release only for an active child.
    expect(within(third).queryByRole('button', { name: 'family.action.release' })).toBeNull();

    expect(screen.getByRole('link', { name: 'family.add.signup' })).toHaveAttribute(
      'href',
      '/account/en/setting/parental-controls/add-child/signup',
    );
    expect(screen.getByRole('link', { name: 'family.add.login' })).toHaveAttribute(
      'href',
      '/account/en/setting/parental-controls/add-child/login',
    );
  });

  it('deactivates a child after the confirm dialog, says so and shows the refreshed list', async () => {
    vi.mocked(setChildStatus).mockResolvedValue({});
    renderTab();
    const item = await entry('Mia');
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me, { ...mia, status: 0 }, leo]));
    await user.click(within(item).getByRole('button', { name: 'family.action.deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'family.confirm.deactivate.title' });
    expect(dialog).toHaveAccessibleDescription('family.confirm.deactivate.body name=Mia');
    await user.click(within(dialog).getByRole('button', { name: 'family.confirm.deactivate.confirm' }));

    expect(await screen.findByRole('status')).toHaveTextContent('family.updateSuccess');
    expect(setChildStatus).toHaveBeenCalledWith(900004, false);
    expect(getFamilyMembers).toHaveBeenCalledTimes(2);
    const after = await entry('Mia');
    expect(within(after).getByRole('button', { name: 'family.action.reactivate' })).toBeEnabled();
    expect(within(after).queryByRole('button', { name: 'family.action.release' })).toBeNull();
  });

  it('reactivates an inactive child after the confirm dialog', async () => {
    vi.mocked(setChildStatus).mockResolvedValue({});
    renderTab();
    const item = await entry('Leo');
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me, mia, { ...leo, status: 1 }]));
    await user.click(within(item).getByRole('button', { name: 'family.action.reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'family.confirm.reactivate.title' });
    await user.click(within(dialog).getByRole('button', { name: 'family.confirm.reactivate.confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('family.updateSuccess');
    expect(setChildStatus).toHaveBeenCalledWith(900005, true);
    expect(within(await entry('Leo')).getByText('family.status.active')).toBeInTheDocument();
  });

  it('changes nothing when the confirm dialog is cancelled', async () => {
    renderTab();
    const item = await entry('Mia');
    await user.click(within(item).getByRole('button', { name: 'family.action.release' }));
    const dialog = await screen.findByRole('dialog', { name: 'family.confirm.release.title' });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(releaseChild).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(getFamilyMembers).toHaveBeenCalledTimes(1);
  });

  it('releases an active child from the family, explaining that restrictions are lifted', async () => {
    vi.mocked(releaseChild).mockResolvedValue({});
    renderTab();
    const item = await entry('Mia');
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me, leo]));
    await user.click(within(item).getByRole('button', { name: 'family.action.release' }));
    const dialog = await screen.findByRole('dialog', { name: 'family.confirm.release.title' });
    expect(dialog).toHaveAccessibleDescription('family.confirm.release.body name=Mia');
    await user.click(within(dialog).getByRole('button', { name: 'family.confirm.release.confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('family.updateSuccess');
    expect(releaseChild).toHaveBeenCalledWith(900004);
    await waitFor(async () => {
      expect(await entries()).toHaveLength(2);
    });
    expect(screen.queryByRole('listitem', { name: /^Mia/ })).toBeNull();
  });

  it('resets a child’s game access after the confirm dialog', async () => {
    vi.mocked(resetChildGameAccess).mockResolvedValue({});
    renderTab();
    const item = await entry('Mia');
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me, { ...mia, accessibleProductId: '' }, leo]));
    await user.click(within(item).getByRole('button', { name: 'family.action.reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'family.confirm.reset.title' });
    await user.click(within(dialog).getByRole('button', { name: 'family.confirm.reset.confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('family.updateSuccess');
    expect(resetChildGameAccess).toHaveBeenCalledWith(900004);
    await waitFor(async () => {
      expect(field(await entry('Mia'), 'family.field.games')).toBe('family.games.none');
    });
  });

  it('refuses to turn parental controls off while children remain (20233), showing the catalogue text', async () => {
    vi.mocked(disableParentalControls).mockRejectedValue(apiError('20233'));
    renderTab();
    await entries();
    await user.click(screen.getByRole('button', { name: 'family.disable.button' }));
    const confirm = await screen.findByRole('dialog', { name: 'family.confirm.disable.title' });
    await user.click(within(confirm).getByRole('button', { name: 'family.confirm.disable.confirm' }));
    // The §8 text of 20233 (a modal text) in the error dialog; nothing said about success.
    const refusal = await screen.findByRole('dialog');
    await waitFor(() => {
      expect(refusal).toHaveAccessibleDescription('error.modal.20233.desc');
    });
    // Titled by what was refused (issue 25 §3), not the general "Something went wrong".
    expect(refusal).toHaveAccessibleName('error.modal.20233.title');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(await entries()).toHaveLength(3);
  });

  it('turns parental controls off when no child remains, then explains how to set them up', async () => {
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me]));
    vi.mocked(disableParentalControls).mockResolvedValue({});
    renderTab();
    await entries();
    expect(screen.getByText('family.noChildren')).toBeInTheDocument();
    vi.mocked(getFamilyMembers).mockResolvedValue(family([], { isParent: false, isParentalSet: false }));
    await user.click(screen.getByRole('button', { name: 'family.disable.button' }));
    const confirm = await screen.findByRole('dialog', { name: 'family.confirm.disable.title' });
    await user.click(within(confirm).getByRole('button', { name: 'family.confirm.disable.confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('family.updateSuccess');
    expect(disableParentalControls).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('link', { name: 'family.about.start' })).toBeInTheDocument();
  });

  it('a release the API answers with 20008 N=10 starts the parental-control verification for this tab', async () => {
    setAccountFromServer(serverAccount({ authTypeList: [], primaryAuthType: 'EMAIL' }));
    vi.mocked(releaseChild).mockRejectedValue(apiError('20008', 403, 'missing verification code: 10'));
    vi.mocked(requestEmailCode).mockResolvedValue({ isBypassed: false });
    renderTab();
    const item = await entry('Mia');
    await user.click(within(item).getByRole('button', { name: 'family.action.release' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'family.confirm.release.title' })).getByRole('button', {
        name: 'family.confirm.release.confirm',
      }),
    );
    const verify = await screen.findByRole('dialog', { name: 'settings.verifyFirst.title' });
    await user.click(within(verify).getByRole('button', { name: 'settings.verifyFirst.confirm' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/setting/verify-account?route_to=parental-controls', false);
    });
    // The code is requested for the parental-controls purpose, so it unlocks only the parental actions.
    expect(requestEmailCode).toHaveBeenCalledWith('parental-controls', expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('cancelling the parental-control verification goes to setting', async () => {
    vi.mocked(setChildStatus).mockRejectedValue(apiError('20008', 403, 'missing verification code: 10'));
    renderTab();
    const item = await entry('Mia');
    await user.click(within(item).getByRole('button', { name: 'family.action.deactivate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'family.confirm.deactivate.title' })).getByRole('button', {
        name: 'family.confirm.deactivate.confirm',
      }),
    );
    const verify = await screen.findByRole('dialog', { name: 'settings.verifyFirst.title' });
    await user.click(within(verify).getByRole('button', { name: 'dialog.cancel' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/setting', false);
    });
  });

  it('explains parental controls to an account that is not a parent and links to the setup', async () => {
    vi.mocked(getFamilyMembers).mockResolvedValue(family([], { isParent: false, isParentalSet: false }));
    renderTab();
    expect(await screen.findByText('family.about.intro')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'family.about.start' })).toHaveAttribute(
      'href',
      '/account/en/setting/parental-controls/start',
    );
    expect(screen.queryByRole('list', { name: 'family.listLabel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'family.disable.button' })).toBeNull();
  });

  it('sends a parent whose consent is not given yet back to the setup', async () => {
    vi.mocked(getFamilyMembers).mockResolvedValue(family([me], { isParentalSet: false }));
    renderTab();
    expect(await screen.findByText('family.unfinished.body')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'family.unfinished.continue' })).toHaveAttribute(
      'href',
      '/account/en/setting/parental-controls/start',
    );
  });

  it.each([
    ['20002 (ignored)', '20002'],
    ['another code (parental not set)', '20004'],
  ])('a family call failing with %s shows the not-a-parent view without an error dialog', async (_, code) => {
    // As the HTTP client builds it: the call's endpoint id picks the family call's own rule (spec §8).
    vi.mocked(getFamilyMembers).mockRejectedValue(
      new ApiError(code, 400, { serverMessage: '', endpointId: 'getFamilyMembers' }),
    );
    renderTab();
    expect(await screen.findByText('family.about.intro')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
