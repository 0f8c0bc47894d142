/**
 * vpc (issue 14): consent by a $1 card charge refunded at once — a saved card chosen, or one added with the
 * payment methods form; the result names the amount, the card and the refund; a declined card is said in the
 * form and shows no result. Calls mocked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { completeVpcCard } from '../../../client/api/parental';
import {
  addPaymentMethod,
  devConfirmCardSetup,
  listPaymentMethods,
  startPaymentMethodSetup,
} from '../../../client/api/payment-methods';
import type { PaymentMethod } from '../../../shared/contract/payment-methods';
import { $captcha } from '../../../client/stores/captcha';
import { Vpc } from './Vpc';

vi.mock('../../../client/api/parental');
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
const declining: PaymentMethod = { ...visa, id: 'pm_0341', last4: '0341', isDefault: false };
const VISA = 'settings.payments.card brand=Visa last4=4242';
/** The invisible captcha's token (the dev provider's), sent with every charge. */
const V3 = { captchaToken: 'dev-captcha-pass', captchaVersion: 'v3' };
const DECLINING = 'settings.payments.card brand=Visa last4=0341';

function listed(...cards: PaymentMethod[]) {
  vi.mocked(listPaymentMethods).mockResolvedValue({ paymentMethods: cards, maxPaymentMethods: 10 });
}

function renderVpc() {
  onPage({ route: 'vpc', search: '?parental_flow_mode=parent' });
  render(<Vpc strings={screenStrings('vpc')} locale="en" />);
}

it('charges the chosen saved card $1 and says it was refunded', async () => {
  const user = userEvent.setup();
  listed(visa, declining);
  vi.mocked(completeVpcCard).mockResolvedValue({ amountCents: 100, currency: 'USD', last4: '4242', refunded: true });
  renderVpc();
  const choice = await screen.findByRole('radio', { name: new RegExp(VISA) });
  expect(choice).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(await screen.findByRole('status')).toHaveTextContent('parentalSetup.vpc.charged amount=$1.00 last4=4242');
  expect(completeVpcCard).toHaveBeenCalledWith({ paymentMethodId: 'pm_visa', consentLocation: 'WEB', ...V3 });
  expect(screen.getByRole('link', { name: 'parentalSetup.common.continue' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls/vpc/complete?parental_flow_mode=parent',
  );
});

it('says a declined card in the form and records no result; another card can be tried', async () => {
  const user = userEvent.setup();
  listed(visa, declining);
  vi.mocked(completeVpcCard).mockRejectedValueOnce(apiError('CARD_DECLINED', 402));
  renderVpc();
  await user.click(await screen.findByRole('radio', { name: new RegExp(DECLINING) }));
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.CARD_DECLINED');
  expect(completeVpcCard).toHaveBeenCalledWith({ paymentMethodId: 'pm_0341', consentLocation: 'WEB', ...V3 });
  expect(screen.queryByText(/parentalSetup\.vpc\.charged/)).toBeNull();
  vi.mocked(completeVpcCard).mockResolvedValueOnce({
    amountCents: 100,
    currency: 'USD',
    last4: '4242',
    refunded: true,
  });
  await user.click(screen.getByRole('radio', { name: new RegExp(VISA) }));
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(await screen.findByRole('status')).toHaveTextContent('parentalSetup.vpc.charged amount=$1.00 last4=4242');
});

it('adds a card with the payment methods form when none is saved, then charges it', async () => {
  const user = userEvent.setup();
  listed();
  renderVpc();
  expect(await screen.findByText('parentalSetup.vpc.noCards')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'parentalSetup.vpc.submit' })).toBeNull();
  vi.mocked(startPaymentMethodSetup).mockResolvedValue({
    setupId: 'seti_local_1',
    clientSecret: 'seti_local_1_secret_x',
    field: { kind: 'local' },
  });
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.addCard' }));
  await screen.findByRole('heading', { name: 'settings.payments.form.heading' });
  await user.type(screen.getByLabelText('settings.payments.form.givenName'), 'Ada');
  await user.type(screen.getByLabelText('settings.payments.form.surname'), 'Lovelace');
  await user.type(screen.getByLabelText('settings.payments.form.email'), 'ada@example.test');
  await user.type(screen.getByLabelText('settings.payments.form.number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('settings.payments.form.expiry'), '12/31');
  await user.type(screen.getByLabelText('settings.payments.form.cvc'), '123');
  vi.mocked(devConfirmCardSetup).mockResolvedValue({ status: 'succeeded' });
  vi.mocked(addPaymentMethod).mockResolvedValue({ paymentMethod: visa });
  listed(visa);
  await user.click(screen.getByRole('button', { name: 'settings.payments.form.save' }));
  expect(await screen.findByRole('radio', { name: new RegExp(VISA) })).toBeChecked();
  expect(screen.queryByRole('heading', { name: 'settings.payments.form.heading' })).toBeNull();
  vi.mocked(completeVpcCard).mockResolvedValue({ amountCents: 100, currency: 'USD', last4: '4242', refunded: true });
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  await waitFor(() => {
    expect(completeVpcCard).toHaveBeenCalledWith({ paymentMethodId: 'pm_visa', consentLocation: 'WEB', ...V3 });
  });
});

it('offers consent by phone instead', async () => {
  listed(visa);
  renderVpc();
  expect(await screen.findByRole('link', { name: 'parentalSetup.vpc.smsLink' })).toHaveAttribute(
    'href',
    '/account/en/setting/parental-controls/vpc/sms?parental_flow_mode=parent',
  );
});

it('says when the cards cannot be loaded, and tries again', async () => {
  const user = userEvent.setup();
  vi.mocked(listPaymentMethods).mockRejectedValueOnce(apiError('NETWORK_ERROR', 0));
  renderVpc();
  expect(await screen.findByText(/parentalSetup\.vpc\.loadFailed/)).toBeVisible();
  listed(visa);
  await user.click(screen.getByRole('button', { name: 'parentalSetup.common.retry' }));
  expect(await screen.findByRole('radio', { name: new RegExp(VISA) })).toBeChecked();
});

it('asks for the visible captcha before charging when it is shown, then sends its v2 token', async () => {
  const user = userEvent.setup();
  listed(visa);
  vi.mocked(completeVpcCard).mockResolvedValue({ amountCents: 100, currency: 'USD', last4: '4242', refunded: true });
  $captcha.setKey('showCaptcha', true);
  renderVpc();
  await screen.findByRole('radio', { name: new RegExp(VISA) });
  const captcha = await screen.findByRole('group', { name: 'form.captcha.label' });
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(captcha).toHaveAccessibleDescription('form.captcha.required');
  expect(completeVpcCard).not.toHaveBeenCalled();
  await user.click(within(captcha).getByRole('checkbox', { name: 'form.captcha.label' }));
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(await screen.findByRole('status')).toHaveTextContent('parentalSetup.vpc.charged amount=$1.00 last4=4242');
  expect(completeVpcCard).toHaveBeenCalledWith({
    paymentMethodId: 'pm_visa',
    consentLocation: 'WEB',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v2',
  });
});

it('says a refused captcha in the form and charges nothing more', async () => {
  const user = userEvent.setup();
  listed(visa);
  vi.mocked(completeVpcCard).mockRejectedValueOnce(apiError('captcha', 400));
  renderVpc();
  await screen.findByRole('radio', { name: new RegExp(VISA) });
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpc.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.captcha');
  expect(completeVpcCard).toHaveBeenCalledTimes(1);
  expect(screen.queryByText(/parentalSetup\.vpc\.charged/)).toBeNull();
});

it('loads what its submit awaits with the form, not on the click (docs/performance.md "first click")', async () => {
  // A fresh module graph: the modules the submit awaits are not yet loaded by the tests above.
  vi.resetModules();
  const loaded: string[] = [];
  vi.doMock('./consent-location', async (importOriginal) => {
    loaded.push('consent-location');
    return importOriginal();
  });
  vi.doMock('../../settings/handle-error', async (importOriginal) => {
    loaded.push('handle-error');
    return importOriginal();
  });
  try {
    const [fresh, payments, parental] = await Promise.all([
      import('./Vpc'),
      import('../../../client/api/payment-methods'),
      import('../../../client/api/parental'),
    ]);
    vi.mocked(payments.listPaymentMethods).mockResolvedValue({ paymentMethods: [visa], maxPaymentMethods: 10 });
    onPage({ route: 'vpc', search: '?parental_flow_mode=parent' });
    render(<fresh.Vpc strings={screenStrings('vpc')} locale="en" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: new RegExp(VISA) }));
    await waitFor(() => expect(loaded.sort()).toEqual(['consent-location', 'handle-error']));
    expect(parental.completeVpcCard).not.toHaveBeenCalled();
  } finally {
    vi.doUnmock('./consent-location');
    vi.doUnmock('../../settings/handle-error');
  }
});
