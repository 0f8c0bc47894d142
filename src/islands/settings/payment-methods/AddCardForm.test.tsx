/**
 * The add-card form with the production card field (Stripe Elements, mocked at its module): the card inputs are
 * the provider's iframe, not ours; the setup is confirmed through the field with the client secret and the
 * cardholder; a decline stays in the form; a field that cannot load says so.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../../tests/components/helpers';
import { addPaymentMethod, devConfirmCardSetup } from '../../../client/api/payment-methods';
import { createT } from '../../../client/t';
import type { PaymentMethod } from '../../../shared/contract/payment-methods';
import { AddCardForm } from './AddCardForm';
import { mountStripeField } from './stripe-field';

vi.mock('../../../client/api/payment-methods');
vi.mock('./stripe-field');

const card: PaymentMethod = {
  id: 'pm_1',
  brand: 'visa',
  last4: '4242',
  expMonth: 1,
  expYear: 2031,
  givenName: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  isDefault: true,
  addedAt: '2026-11-01T00:00:00.000Z',
};

function renderForm(onSaved = vi.fn()) {
  onPage({ route: 'manage-payment-methods' });
  const strings = screenStrings('manage-payment-methods');
  render(
    <AddCardForm
      t={createT(strings)}
      strings={strings}
      locale="en"
      setup={{
        setupId: 'seti_1',
        clientSecret: 'seti_1_secret',
        field: { kind: 'stripe', publishableKey: 'pk_test_1' },
      }}
      defaultEmail="ada@example.test"
      first
      onSaved={onSaved}
      onCancel={vi.fn()}
      onSaveError={() => Promise.resolve(undefined)}
    />,
  );
  return onSaved;
}

async function fillHolder(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('settings.payments.form.givenName'), 'Ada');
  await user.type(screen.getByLabelText('settings.payments.form.surname'), 'Lovelace');
}

it("confirms the setup through the provider's field, then saves it; no card input of ours", async () => {
  const user = userEvent.setup();
  const confirm = vi.fn().mockResolvedValue({ ok: true });
  vi.mocked(mountStripeField).mockResolvedValue({ confirm, destroy: vi.fn() });
  vi.mocked(addPaymentMethod).mockResolvedValue({ paymentMethod: card });
  const onSaved = renderForm();
  expect(screen.getByText('settings.payments.form.hostedNotice')).toBeVisible();
  expect(screen.queryByLabelText('settings.payments.form.number')).toBeNull();
  await waitFor(() => {
    expect(mountStripeField).toHaveBeenCalledWith('pk_test_1', expect.any(HTMLElement), 'en');
  });
  await fillHolder(user);
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  await waitFor(() => {
    expect(onSaved).toHaveBeenCalledWith(card);
  });
  expect(confirm).toHaveBeenCalledWith('seti_1_secret', { name: 'Ada Lovelace', email: 'ada@example.test' });
  expect(devConfirmCardSetup).not.toHaveBeenCalled();
  expect(addPaymentMethod).toHaveBeenCalledWith({
    setupId: 'seti_1',
    givenName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    makeDefault: true,
  });
});

it("shows the provider's decline in the form and saves nothing", async () => {
  const user = userEvent.setup();
  vi.mocked(mountStripeField).mockResolvedValue({
    confirm: vi.fn().mockResolvedValue({ ok: false, code: 'INSUFFICIENT_FUNDS' }),
    destroy: vi.fn(),
  });
  renderForm();
  await waitFor(() => {
    expect(mountStripeField).toHaveBeenCalled();
  });
  await fillHolder(user);
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.INSUFFICIENT_FUNDS');
  expect(addPaymentMethod).not.toHaveBeenCalled();
});

it('says when the card field cannot load', async () => {
  vi.mocked(mountStripeField).mockRejectedValue(new Error('Stripe.js did not load'));
  renderForm();
  expect(await screen.findByText('settings.payments.fieldFailed')).toBeVisible();
});
