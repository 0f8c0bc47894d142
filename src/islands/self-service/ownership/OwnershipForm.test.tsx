import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { getGameList } from '../../../client/api/content';
import { submitOwnershipCase } from '../../../client/api/support-cases';
import { goTo } from '../../../client/navigation/page';
import { OwnershipForm } from './OwnershipForm';

/** The rules and the call load with the first submit: on a busy machine that takes longer than waitFor's 1 s. */
const LOADED = { timeout: 5_000 };

vi.mock('../../../client/api/support-cases');
vi.mock('../../../client/api/content');

const GAMES = [
  { productID: 50203, name: 'Skyforge Tactics' },
  { productID: 50210, name: 'Emberfall Online' },
];

beforeEach(() => {
  vi.mocked(getGameList).mockResolvedValue(GAMES);
});

function renderForm(search = '') {
  onPage({ route: 'self-verify-ownership', search });
  render(<OwnershipForm strings={screenStrings('self-verify-ownership')} locale="en" escalatePath="/esc" />);
}

const submitButton = () => screen.getByRole('button', { name: 'supportCase.form.submit' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('supportCase.form.account.label'), 'lost@example.test');
  await user.type(screen.getByLabelText('supportCase.form.contact.label'), 'me@example.test');
  await user.type(
    screen.getByLabelText('supportCase.form.description.label'),
    'I lost my phone and cannot open my email.',
  );
}

it('refuses an empty form with a message on each required field and no call', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.click(submitButton());
  // The rules load with the first submit.
  await vi.waitFor(
    () =>
      expect(screen.getByLabelText('supportCase.form.account.label')).toHaveAccessibleDescription(
        expect.stringContaining('supportCase.form.account.required'),
      ),
    LOADED,
  );
  expect(screen.getByLabelText('supportCase.form.contact.label')).toHaveAccessibleDescription(
    expect.stringContaining('error.input.email-required'),
  );
  expect(screen.getByLabelText('supportCase.form.description.label')).toHaveAccessibleDescription(
    expect.stringContaining('supportCase.form.description.tooShort'),
  );
  expect(screen.getByLabelText('supportCase.form.account.label')).toHaveFocus();
  expect(submitOwnershipCase).not.toHaveBeenCalled();
});

it('asks for the purchase date with an order ID, and the order ID with a date', async () => {
  const user = userEvent.setup();
  renderForm();
  await fillRequired(user);
  await user.type(screen.getByLabelText('supportCase.form.orderId.label'), 'ORD-1');
  await user.click(submitButton());
  await vi.waitFor(
    () =>
      expect(screen.getByLabelText('supportCase.form.purchaseDate.label')).toHaveAccessibleDescription(
        expect.stringContaining('supportCase.form.purchaseDate.required'),
      ),
    LOADED,
  );
  await user.clear(screen.getByLabelText('supportCase.form.orderId.label'));
  await user.type(screen.getByLabelText('supportCase.form.purchaseDate.label'), '2024-05-06');
  await user.click(submitButton());
  await vi.waitFor(
    () =>
      expect(screen.getByLabelText('supportCase.form.orderId.label')).toHaveAccessibleDescription(
        expect.stringContaining('supportCase.form.orderId.required'),
      ),
    LOADED,
  );
  expect(submitOwnershipCase).not.toHaveBeenCalled();
});

it('refuses a purchase date in the future', async () => {
  const user = userEvent.setup();
  renderForm();
  await fillRequired(user);
  await user.type(screen.getByLabelText('supportCase.form.orderId.label'), 'ORD-1');
  await user.type(screen.getByLabelText('supportCase.form.purchaseDate.label'), '2999-01-01');
  await user.click(submitButton());
  await vi.waitFor(
    () =>
      expect(screen.getByLabelText('supportCase.form.purchaseDate.label')).toHaveAccessibleDescription(
        expect.stringContaining('supportCase.form.purchaseDate.future'),
      ),
    LOADED,
  );
  expect(submitOwnershipCase).not.toHaveBeenCalled();
});

it('refuses a description over the limit', async () => {
  const user = userEvent.setup();
  renderForm();
  await fillRequired(user);
  const description = screen.getByLabelText('supportCase.form.description.label');
  await user.click(description);
  await user.paste('x'.repeat(2001));
  await user.click(submitButton());
  await vi.waitFor(
    () =>
      expect(description).toHaveAccessibleDescription(expect.stringContaining('supportCase.form.description.tooLong')),
    LOADED,
  );
  expect(submitOwnershipCase).not.toHaveBeenCalled();
});

it('asks for the server region only with the title that has regions', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByRole('checkbox', { name: 'Skyforge Tactics' }, LOADED));
  expect(screen.queryByRole('radio', { name: 'supportCase.form.region.NA' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Emberfall Online' }));
  const group = screen.getByRole('group', { name: 'supportCase.form.region.legend game=Emberfall Online' });
  await fillRequired(user);
  await user.click(submitButton());
  expect(await within(group).findByText('supportCase.form.region.required', {}, LOADED)).toBeInTheDocument();
  expect(submitOwnershipCase).not.toHaveBeenCalled();
});

it('sends the case and goes to the escalate screen with the reference, keeping the carried query', async () => {
  const user = userEvent.setup();
  vi.mocked(submitOwnershipCase).mockResolvedValue({ reference: 'LF-ABCD2345' });
  renderForm('?parental_flow_mode=parent');
  await fillRequired(user);
  await user.click(await screen.findByRole('checkbox', { name: 'Emberfall Online' }, LOADED));
  await user.click(screen.getByRole('radio', { name: 'supportCase.form.region.EU' }));
  await user.type(screen.getByLabelText('supportCase.form.orderId.label'), ' ORD-77 ');
  await user.type(screen.getByLabelText('supportCase.form.purchaseDate.label'), '2024-05-06');
  await user.click(submitButton());
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled(), LOADED);
  expect(submitOwnershipCase).toHaveBeenCalledWith({
    account: 'lost@example.test',
    contactEmail: 'me@example.test',
    productIds: [50210],
    gameRegion: 'EU',
    orderId: 'ORD-77',
    purchaseDate: '2024-05-06',
    description: 'I lost my phone and cannot open my email.',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    captchaAction: 'web_self_reset_password',
    language: 'en_US',
  });
  expect(goTo).toHaveBeenCalledWith('/esc?parental_flow_mode=parent&reference=LF-ABCD2345');
});

it('drops the region when its title is unchecked', async () => {
  const user = userEvent.setup();
  vi.mocked(submitOwnershipCase).mockResolvedValue({ reference: 'LF-ABCD2345' });
  renderForm();
  await fillRequired(user);
  const emberfall = await screen.findByRole('checkbox', { name: 'Emberfall Online' }, LOADED);
  await user.click(emberfall);
  await user.click(screen.getByRole('radio', { name: 'supportCase.form.region.NA' }));
  await user.click(emberfall);
  await user.click(submitButton());
  await vi.waitFor(() => expect(submitOwnershipCase).toHaveBeenCalled(), LOADED);
  expect(vi.mocked(submitOwnershipCase).mock.calls[0]?.[0]).not.toHaveProperty('gameRegion');
});

it('shows the text of a refusal from the API (too many requests) and stays', async () => {
  const user = userEvent.setup();
  vi.mocked(submitOwnershipCase).mockRejectedValue(apiError('20157', 429));
  renderForm();
  await fillRequired(user);
  await user.click(submitButton());
  expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent('20157');
  expect(goTo).not.toHaveBeenCalled();
});

it('still sends a request when the game list cannot load', async () => {
  const user = userEvent.setup();
  vi.mocked(getGameList).mockRejectedValue(new Error('offline'));
  vi.mocked(submitOwnershipCase).mockResolvedValue({ reference: 'LF-ABCD2345' });
  renderForm();
  expect(await screen.findByText('supportCase.form.games.loadFailed', {}, LOADED)).toBeInTheDocument();
  await fillRequired(user);
  await user.click(submitButton());
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/esc?reference=LF-ABCD2345'), LOADED);
  expect(vi.mocked(submitOwnershipCase).mock.calls[0]?.[0]).toMatchObject({ productIds: [] });
});

it('starts with the account the recovery flow was given, unless it was a phone number', async () => {
  const flow = (searchBy: string, value: string) =>
    JSON.stringify({
      serialNumber: 's-1',
      operationType: 'resetPassword',
      searchBy,
      value,
      authTypes: ['TOTP'],
      primaryAuthType: 'TOTP',
      phoneNo: null,
    });
  sessionStorage.setItem('lf:selfService', flow('email', 'lost@example.test'));
  renderForm();
  await vi.waitFor(
    () => expect(screen.getByLabelText('supportCase.form.account.label')).toHaveValue('lost@example.test'),
    LOADED,
  );
  cleanup();
  sessionStorage.setItem('lf:selfService', flow('phone', '+15551234567'));
  renderForm();
  await screen.findByRole('checkbox', { name: 'Skyforge Tactics' }, LOADED);
  await vi.dynamicImportSettled(); // the flow module has loaded and been read
  expect(screen.getByLabelText('supportCase.form.account.label')).toHaveValue('');
  sessionStorage.clear();
});
