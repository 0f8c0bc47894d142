/**
 * The verify-code family: one purpose wired as a screen wires it (the texted phone code: the phone calls, the
 * kit's useSubmit, the error texts), asserted on roles and keys — a right code, a refused one, the resend, and a
 * second click while busy.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type SubmitEvent } from 'react';
import { expect, it, vi } from 'vitest';
import { apiError, keyStrings, onPage } from '../../../../tests/components/helpers';
import { requestPhoneCode, verifyPhone } from '../../../client/api/phone';
import { settle } from '../../../client/http/settle';
import { createT } from '../../../client/t';
import { CODE_LENGTH } from '../CodeInput';
import { useErrorText } from '../error-message';
import { useSubmit } from '../use-submit';
import { VerifyCodeStep } from './VerifyCodeStep';

vi.mock('../../../client/api/phone');

const strings = keyStrings(['mfa', 'gamescale', 'error.input']);
const PHONE = '+14155550123';

/** A code screen as the islands build one: the code, its check and the calls are the island's. */
function PhoneCode() {
  const t = createT(strings);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState('');
  const [done, setDone] = useState(false);
  const { busy, code: failure, run } = useSubmit();
  const error = useErrorText(strings, failure);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setCodeError(t('error.input.verificationCode'));
      return;
    }
    setCodeError(undefined);
    const verified = await run(() => verifyPhone({ phoneNo: PHONE, verificationCode: code, resetEnabled: false }));
    if (verified !== undefined) setDone(true);
  }

  async function resend() {
    const settled = await run(() => settle(requestPhoneCode({ phoneNo: PHONE, language: 'en_US' })));
    if (settled?.[0] === undefined) setStatus(t('mfa.sms.resent'));
  }

  if (done) return <p role="status">{t('gamescale.code.verified')}</p>;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <VerifyCodeStep
        config={{
          sentTo: t('mfa.sms.codeSent', { phone: PHONE }),
          label: t('mfa.code.label'),
          submitLabel: t('gamescale.code.submit'),
          busyLabel: t('mfa.common.working'),
          resendLabel: t('mfa.sms.resend'),
          resend: () => void resend(),
          other: { label: t('gamescale.code.otherNumber'), href: '/number' },
          actions: 'links',
        }}
        code={code}
        onCode={setCode}
        codeError={codeError}
        busy={busy}
        error={error?.message}
        status={status}
      />
    </form>
  );
}

function renderStep() {
  onPage({ route: 'gamescale-verify-code' });
  render(<PhoneCode />);
}

it('says where the code went, and verifies a right code', async () => {
  const user = userEvent.setup();
  vi.mocked(verifyPhone).mockResolvedValue({});
  renderStep();
  expect(screen.getByText(`mfa.sms.codeSent phone=${PHONE}`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'gamescale.code.otherNumber' })).toHaveAttribute('href', '/number');
  await user.type(screen.getByLabelText('mfa.code.label'), '12a3456');
  expect(screen.getByLabelText('mfa.code.label')).toHaveValue('123456');
  await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
  expect(await screen.findByRole('status')).toHaveTextContent('gamescale.code.verified');
  expect(verifyPhone).toHaveBeenCalledWith({ phoneNo: PHONE, verificationCode: '123456', resetEnabled: false });
});

it('refuses a short code without a call, and shows a refused code in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(verifyPhone).mockRejectedValue(apiError('20013'));
  renderStep();
  await user.type(screen.getByLabelText('mfa.code.label'), '123');
  await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
  expect(screen.getByLabelText('mfa.code.label')).toHaveAccessibleDescription('error.input.verificationCode');
  expect(verifyPhone).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('mfa.code.label'), '456');
  await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(screen.getByLabelText('mfa.code.label')).not.toHaveAccessibleDescription();
});

it('resends the code and says so', async () => {
  const user = userEvent.setup();
  vi.mocked(requestPhoneCode).mockResolvedValue({});
  renderStep();
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(await screen.findByRole('status')).toHaveTextContent('mfa.sms.resent');
  expect(requestPhoneCode).toHaveBeenCalledTimes(1);
});

it('ignores a second submit and a resend while the code is being checked', async () => {
  const user = userEvent.setup();
  let answer: (value: Record<string, never>) => void = () => undefined;
  vi.mocked(verifyPhone).mockReturnValue(
    new Promise((resolve) => {
      answer = resolve;
    }),
  );
  renderStep();
  await user.type(screen.getByLabelText('mfa.code.label'), '123456');
  const submit = screen.getByRole('button', { name: 'gamescale.code.submit' });
  await user.click(submit);
  expect(submit).toHaveAttribute('aria-disabled', 'true');
  await user.click(submit);
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(verifyPhone).toHaveBeenCalledTimes(1);
  expect(requestPhoneCode).not.toHaveBeenCalled();
  answer({});
  await waitFor(() => {
    expect(screen.getByRole('status')).toHaveTextContent('gamescale.code.verified');
  });
});

/** A step whose submit sends the code first (global/verify/code). */
function SendFirst() {
  const t = createT(strings);
  const [sent, setSent] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSent(true);
      }}
    >
      <VerifyCodeStep
        config={{
          sentTo: sent ? t('mfa.sms.codeSent', { phone: PHONE }) : t('mfa.sms.enableIntro'),
          label: t('mfa.code.label'),
          submitLabel: t(sent ? 'gamescale.code.submit' : 'mfa.sms.sendCode'),
          busyLabel: t('mfa.common.working'),
          resendLabel: t('mfa.sms.resend'),
          resend: () => undefined,
          actions: 'links',
        }}
        sent={sent}
        code=""
        onCode={() => undefined}
        codeError={undefined}
        busy={false}
      />
    </form>
  );
}

it('before the code is sent shows no field and no resend, and the submit button keeps focus once sent', async () => {
  const user = userEvent.setup();
  onPage({ route: 'gamescale-verify-code' });
  render(<SendFirst />);
  expect(screen.queryByLabelText('mfa.code.label')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'mfa.sms.resend' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
  expect(screen.getByLabelText('mfa.code.label')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'mfa.sms.resend' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'gamescale.code.submit' })).toHaveFocus();
});
