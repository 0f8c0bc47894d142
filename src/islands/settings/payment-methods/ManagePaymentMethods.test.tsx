import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import {
  addPaymentMethod,
  devConfirmCardSetup,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startPaymentMethodSetup,
} from '../../../client/api/payment-methods';
import { $account } from '../../../client/stores/account';
import type { PaymentMethod } from '../../../shared/contract/payment-methods';
import { ManagePaymentMethods } from './ManagePaymentMethods';

vi.mock('../../../client/api/payment-methods');

const visa: PaymentMethod = {
  id: 'pm_visa',
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2031,
  givenName: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  isDefault: true,
  addedAt: '2026-11-01T10:00:00.000Z',
};
const mastercard: PaymentMethod = { ...visa, id: 'pm_mc', brand: 'mastercard', last4: '4444', isDefault: false };
const VISA = 'settings.payments.card brand=Visa last4=4242';
const MASTERCARD = 'settings.payments.card brand=Mastercard last4=4444';

function listed(...cards: PaymentMethod[]) {
  vi.mocked(listPaymentMethods).mockResolvedValue({ paymentMethods: cards, maxPaymentMethods: 10 });
}

function renderScreen() {
  onPage({ route: 'manage-payment-methods' });
  render(
    <ManagePaymentMethods
      strings={screenStrings('manage-payment-methods')}
      locale="en"
      overviewPath="/account/en/setting/account-overview"
    />,
  );
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  vi.mocked(startPaymentMethodSetup).mockResolvedValue({
    setupId: 'seti_local_1',
    clientSecret: 'seti_local_1_secret_x',
    field: { kind: 'local' },
  });
  await user.click(await screen.findByRole('button', { name: 'settings.payments.add' }));
  return screen.findByRole('heading', { name: 'settings.payments.form.heading' });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('settings.payments.form.givenName'), 'Ada');
  await user.type(screen.getByLabelText('settings.payments.form.surname'), 'Lovelace');
  await user.clear(screen.getByLabelText('settings.payments.form.email'));
  await user.type(screen.getByLabelText('settings.payments.form.email'), 'ada@example.test');
  await user.type(screen.getByLabelText('settings.payments.form.number'), number);
  await user.type(screen.getByLabelText('settings.payments.form.expiry'), '12/31');
  await user.type(screen.getByLabelText('settings.payments.form.cvc'), '123');
}

it('lists the cards: brand and last 4, default marked, expiry, cardholder and billing email', async () => {
  listed(visa, mastercard);
  renderScreen();
  const list = await screen.findByRole('list', { name: 'settings.payments.listLabel' });
  const [first, second] = within(list).getAllByRole('listitem');
  if (first === undefined || second === undefined) throw new Error('two cards expected');
  expect(first).toHaveTextContent(VISA);
  expect(first).toHaveTextContent('settings.payments.default');
  expect(first).toHaveTextContent('settings.payments.expires date=04/2031');
  expect(first).toHaveTextContent('Ada Lovelace');
  expect(first).toHaveTextContent('ada@example.test');
  expect(within(first).queryByRole('button', { name: /makeDefaultNamed/ })).toBeNull();
  expect(second).not.toHaveTextContent('settings.payments.default');
  expect(screen.getByRole('link', { name: 'settings.payments.back' })).toHaveAttribute(
    'href',
    '/account/en/setting/account-overview',
  );
  expect(
    within(second).getByRole('button', { name: `settings.payments.makeDefaultNamed card=${MASTERCARD}` }),
  ).toBeVisible();
});

it('adds a test card: the card goes to the provider field, then the setup is saved with the cardholder', async () => {
  const user = userEvent.setup();
  listed();
  renderScreen();
  expect(await screen.findByText('settings.payments.empty')).toBeVisible();
  await openForm(user);
  // The first card is the default: no box to tick.
  expect(screen.queryByRole('checkbox')).toBeNull();
  await fillCard(user, '4242 4242 4242 4242');
  vi.mocked(devConfirmCardSetup).mockResolvedValue({ status: 'succeeded' });
  vi.mocked(addPaymentMethod).mockResolvedValue({ paymentMethod: visa });
  listed(visa);
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  await waitFor(() => {
    expect(screen.getByRole('status')).toHaveTextContent(`settings.payments.added card=${VISA}`);
  });
  expect(devConfirmCardSetup).toHaveBeenCalledWith({
    setupId: 'seti_local_1',
    clientSecret: 'seti_local_1_secret_x',
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2031,
    cvc: '123',
  });
  expect(addPaymentMethod).toHaveBeenCalledWith({
    setupId: 'seti_local_1',
    givenName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    makeDefault: true,
  });
  expect(screen.queryByRole('heading', { name: 'settings.payments.form.heading' })).toBeNull();
});

it('checks the card in the form: a wrong number, a past expiry and a short code send nothing', async () => {
  const user = userEvent.setup();
  listed(visa);
  renderScreen();
  await openForm(user);
  await user.type(screen.getByLabelText('settings.payments.form.givenName'), 'Ada');
  await user.type(screen.getByLabelText('settings.payments.form.surname'), 'Lovelace');
  await user.type(screen.getByLabelText('settings.payments.form.email'), 'ada@example.test');
  await user.type(screen.getByLabelText('settings.payments.form.number'), '4242 4242 4242 4241');
  await user.type(screen.getByLabelText('settings.payments.form.expiry'), '01/20');
  await user.type(screen.getByLabelText('settings.payments.form.cvc'), '12');
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  expect(screen.getByLabelText('settings.payments.form.number')).toHaveAccessibleDescription(
    'settings.payments.form.numberInvalid',
  );
  expect(screen.getByLabelText('settings.payments.form.number')).toHaveFocus();
  expect(screen.getByLabelText('settings.payments.form.expiry')).toHaveAccessibleDescription(
    'settings.payments.form.expiryPast',
  );
  expect(screen.getByLabelText('settings.payments.form.cvc')).toHaveAccessibleDescription(
    'settings.payments.form.cvcInvalid',
  );
  expect(devConfirmCardSetup).not.toHaveBeenCalled();
  expect(addPaymentMethod).not.toHaveBeenCalled();
});

it('says a declined card in the form and saves nothing; a later card may be saved as the default', async () => {
  const user = userEvent.setup();
  listed(visa);
  renderScreen();
  await openForm(user);
  await fillCard(user, '4000 0000 0000 0002');
  vi.mocked(devConfirmCardSetup).mockRejectedValue(apiError('CARD_DECLINED', 402));
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('error.form.CARD_DECLINED');
  await vi.waitFor(() => expect(alert).toHaveFocus());
  expect(addPaymentMethod).not.toHaveBeenCalled();
  // Another card in the same setup, this time the default.
  vi.mocked(devConfirmCardSetup).mockResolvedValue({ status: 'succeeded' });
  vi.mocked(addPaymentMethod).mockResolvedValue({ paymentMethod: mastercard });
  await user.clear(screen.getByLabelText('settings.payments.form.number'));
  await user.type(screen.getByLabelText('settings.payments.form.number'), '5555555555554444');
  await user.click(screen.getByRole('checkbox', { name: 'settings.payments.form.makeDefault' }));
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  await waitFor(() => {
    expect(screen.getByRole('status')).toHaveTextContent(`settings.payments.added card=${MASTERCARD}`);
  });
  expect(addPaymentMethod).toHaveBeenCalledWith(expect.objectContaining({ makeDefault: true }));
});

it('makes a card the default and reloads the list', async () => {
  const user = userEvent.setup();
  listed(visa, mastercard);
  renderScreen();
  vi.mocked(setDefaultPaymentMethod).mockResolvedValue({});
  await user.click(
    await screen.findByRole('button', { name: `settings.payments.makeDefaultNamed card=${MASTERCARD}` }),
  );
  await waitFor(() => {
    expect(screen.getByRole('status')).toHaveTextContent(`settings.payments.defaultSet card=${MASTERCARD}`);
  });
  expect(setDefaultPaymentMethod).toHaveBeenCalledWith('pm_mc');
  expect(listPaymentMethods).toHaveBeenCalledTimes(2);
});

it('removes a card after the confirm dialog; cancelling removes nothing', async () => {
  const user = userEvent.setup();
  listed(visa, mastercard);
  renderScreen();
  const removeVisa = await screen.findByRole('button', { name: `settings.payments.removeNamed card=${VISA}` });
  await user.click(removeVisa);
  let dialog = await screen.findByRole('dialog', { name: 'settings.payments.removeTitle' });
  expect(dialog).toHaveAccessibleDescription(`settings.payments.removeBody card=${VISA}`);
  await user.keyboard('{Escape}');
  expect(removePaymentMethod).not.toHaveBeenCalled();
  vi.mocked(removePaymentMethod).mockResolvedValue({});
  await user.click(removeVisa);
  dialog = await screen.findByRole('dialog', { name: 'settings.payments.removeTitle' });
  await user.click(within(dialog).getByRole('button', { name: 'settings.payments.removeConfirm' }));
  await waitFor(() => {
    expect(screen.getByRole('status')).toHaveTextContent(`settings.payments.removed card=${VISA}`);
  });
  expect(removePaymentMethod).toHaveBeenCalledWith('pm_visa');
});

it('asks for a verified email before adding, and starts no setup', async () => {
  const user = userEvent.setup();
  $account.set({ email: 'ada@example.test', emailVerified: false, authTypeList: [], tpaAccountList: [] });
  listed();
  renderScreen();
  await user.click(await screen.findByRole('button', { name: 'settings.payments.add' }));
  expect(await screen.findByRole('dialog', { name: 'settings.emailFirst.title' })).toBeVisible();
  expect(startPaymentMethodSetup).not.toHaveBeenCalled();
});

it('offers no add button at the cap, and says why', async () => {
  vi.mocked(listPaymentMethods).mockResolvedValue({ paymentMethods: [visa], maxPaymentMethods: 1 });
  renderScreen();
  expect(await screen.findByText('settings.payments.limit max=1')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'settings.payments.add' })).toBeNull();
});

it('a change the API answers with "verify first" (20008 N=9) offers the settings verification', async () => {
  const user = userEvent.setup();
  listed();
  renderScreen();
  vi.mocked(startPaymentMethodSetup).mockRejectedValue(apiError('20008', 403, 'missing verification code: 9'));
  await user.click(await screen.findByRole('button', { name: 'settings.payments.add' }));
  expect(await screen.findByRole('dialog', { name: 'settings.verifyFirst.title' })).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'settings.payments.form.heading' })).toBeNull();
});
