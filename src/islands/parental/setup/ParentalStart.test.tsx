/**
 * parental-start (issue 14): the three setup steps, the start that marks the account a parent and goes on to
 * consent, and the refusal of an account that cannot be a parent. Calls mocked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { enableParentalControls } from '../../../client/api/parental';
import { goTo } from '../../../client/navigation/page';
import { ParentalStart } from './ParentalStart';

vi.mock('../../../client/api/parental');

function renderStart(search = '') {
  onPage({ route: 'parental-start', search });
  render(<ParentalStart strings={screenStrings('parental-start')} locale="en" />);
}

it('explains the three steps of the setup', () => {
  renderStart();
  expect(screen.getByRole('heading', { level: 1, name: 'parentalSetup.start.heading' })).toBeVisible();
  const steps = within(screen.getByRole('list', { name: 'parentalSetup.start.stepsLabel' })).getAllByRole('listitem');
  expect(steps.map((s) => s.querySelector('h2')?.textContent)).toEqual([
    'parentalSetup.start.stepTitle n=1 title=parentalSetup.start.consent.title',
    'parentalSetup.start.stepTitle n=2 title=parentalSetup.start.children.title',
    'parentalSetup.start.stepTitle n=3 title=parentalSetup.start.manage.title',
  ]);
  expect(enableParentalControls).not.toHaveBeenCalled();
});

it('marks the account a parent, then goes to consent with the carried query', async () => {
  const user = userEvent.setup();
  vi.mocked(enableParentalControls).mockResolvedValue({ isParent: true, isParentalSet: false });
  renderStart('?parental_flow_mode=parent');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.start.begin' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith('/account/en/setting/parental-controls/vpc?parental_flow_mode=parent', false);
  });
  expect(enableParentalControls).toHaveBeenCalledTimes(1);
});

it('sends an account that cannot be a parent to not-eligible, nowhere else', async () => {
  const user = userEvent.setup();
  vi.mocked(enableParentalControls).mockRejectedValue(apiError('PARENT_NOT_ELIGIBLE', 403));
  renderStart();
  await user.click(screen.getByRole('button', { name: 'parentalSetup.start.begin' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith('/account/en/parental-controls/not-eligible', false);
  });
  expect(goTo).toHaveBeenCalledTimes(1);
});

it('starts once however often the button is pressed while the call runs', async () => {
  const user = userEvent.setup();
  let finish: (value: { isParent: boolean; isParentalSet: boolean }) => void = () => undefined;
  vi.mocked(enableParentalControls).mockReturnValue(
    new Promise((resolve) => {
      finish = resolve;
    }),
  );
  renderStart();
  const button = screen.getByRole('button', { name: 'parentalSetup.start.begin' });
  await user.click(button);
  await user.click(button);
  expect(button).toHaveAttribute('aria-disabled', 'true');
  finish({ isParent: true, isParentalSet: false });
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledTimes(1);
  });
  expect(enableParentalControls).toHaveBeenCalledTimes(1);
});
