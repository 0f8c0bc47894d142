/**
 * add-child-complete (issue 14): the child just added, named from the family list; an id the family does not
 * hold is said without a name; the links go on in the child flow or to the family tab. Calls mocked.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { getFamilyMembers } from '../../../client/api/parental';
import { AddChildComplete } from './AddChildComplete';

vi.mock('../../../client/api/parental');

const family = {
  isParent: true,
  isParentalSet: true,
  parent: null,
  children: [
    {
      globalUserNo: 900003,
      status: 1,
      email: 'parent@example.test',
      name: 'Pat Parent',
      accessibleProductId: '',
      isMe: true,
    },
    {
      globalUserNo: 900010,
      status: 1,
      email: 'kid@example.test',
      name: 'Kim Kid',
      accessibleProductId: '',
      isMe: false,
    },
  ],
};

function renderComplete(search: string) {
  onPage({ route: 'add-child-complete', search });
  render(<AddChildComplete strings={screenStrings('add-child-complete')} locale="en" />);
}

it('names the child added, and links on', async () => {
  vi.mocked(getFamilyMembers).mockResolvedValue(family);
  renderComplete('?parental_flow_mode=child&child=900010');
  expect(await screen.findByRole('status')).toHaveTextContent(
    'parentalSetup.addChildComplete.added name=Kim Kid email=kid@example.test',
  );
  expect(screen.getByRole('link', { name: 'parentalSetup.common.familyTab' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls',
  );
  expect(screen.getByRole('link', { name: 'parentalSetup.addChildComplete.another' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls/add-child/signup?parental_flow_mode=child',
  );
  expect(screen.getByRole('link', { name: 'parentalSetup.addChildComplete.anotherExisting' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls/add-child/login?parental_flow_mode=child',
  );
});

it.each([
  ['the parent’s own number', '?child=900003'],
  ['a number outside the family', '?child=123'],
  ['no number', ''],
  ['a malformed number', '?child=9e5'],
])('says the child was added without a name for %s', async (_label, search) => {
  vi.mocked(getFamilyMembers).mockResolvedValue(family);
  renderComplete(search);
  expect(await screen.findByRole('status')).toHaveTextContent('parentalSetup.addChildComplete.addedUnnamed');
});

it('says the child was added without a name when the family cannot be read', async () => {
  vi.mocked(getFamilyMembers).mockRejectedValue(apiError('20004', 500));
  renderComplete('?child=900010');
  expect(await screen.findByRole('status')).toHaveTextContent('parentalSetup.addChildComplete.addedUnnamed');
});
