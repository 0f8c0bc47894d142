/**
 * Account creation (spec §2 create, §5, §7 "Sign-up and countries", §8):
 * age → email → code → details, each step's checks and calls, rendered with
 * key stubs and the sign-up API mocked (tests/components/README.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, cookiesTurnedOff, onPage, screenStrings } from '../../../tests/components/helpers';
import { fetchCountryList } from '../../client/countries/country-list';
import { signup, signupInit, verifyAge } from '../../client/api/signup';
import { requestSignupEmailCode, validateSignupEmail, verifySignupEmailCode } from '../../client/api/signup-email';
import { dateFormatInfo } from '../shared/date-parts';
import { chooseIn, renderLive } from '../../../tests/components/live-root';
import { CreateIsland } from './CreateIsland';

vi.mock('../../client/countries/country-list');
vi.mock('../../client/api/signup');
vi.mock('../../client/api/signup-email');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '0b7e2f4a-9c1d-4e3b-8a6f-5d2c1b0a9e8d';
const EMAIL = 'new.player@example.com';
const PASSWORD = 'Tq7#vLm2$Rw9';

type User = ReturnType<typeof userEvent.setup>;

/** The island leaves for create/complete or the parent-consent screen with location.assign (see the README). */
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.mocked(fetchCountryList).mockResolvedValue({
    countryList: [
      { countryCode: 'US', name: 'United States' },
      { countryCode: 'DE', name: 'Germany' },
    ],
    countryCode: null,
  });
  vi.mocked(verifyAge).mockResolvedValue({ isMinor: false });
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(verifySignupEmailCode).mockResolvedValue({});
  vi.mocked(signupInit).mockResolvedValue({ signUpSessionToken: 'session-token-1' });
  vi.mocked(signup).mockResolvedValue({ email: EMAIL, hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6' });
});

const createIsland = () => (
  <CreateIsland
    strings={screenStrings('create')}
    locale="en"
    signInPath="/account/en/login"
    dateFormat={dateFormatInfo('en-US')}
    maxYear={new Date().getUTCFullYear()}
  />
);

function renderCreate(search = '') {
  onPage({ route: 'create', search });
  render(createIsland());
}

const submit = (name: string) => screen.getByRole('button', { name });
const stepHeading = (key: string) => screen.findByRole('heading', { level: 2, name: key });

/** The country select once its list arrived from the (mocked) country API: it is disabled until then. */
async function countrySelect() {
  const country = screen.getByLabelText('create.age.country');
  await waitFor(() => {
    expect(country).toBeEnabled();
  });
  return country;
}

async function passAge(user: User) {
  await user.selectOptions(await countrySelect(), 'DE');
  await user.selectOptions(screen.getByLabelText('form.birthday.month'), '5');
  await user.selectOptions(screen.getByLabelText('form.birthday.day'), '17');
  await user.selectOptions(screen.getByLabelText('form.birthday.year'), '2000');
  await user.click(submit('create.age.submit'));
  await stepHeading('create.email.heading');
}

async function passEmail(user: User) {
  await user.type(await screen.findByLabelText('create.email.label'), EMAIL);
  await user.click(submit('create.email.submit'));
  await stepHeading('create.code.heading');
}

async function passCode(user: User) {
  await user.type(await screen.findByLabelText('create.code.label'), '123456');
  await user.click(submit('create.code.submit'));
  await stepHeading('create.details.heading');
}

describe('CreateIsland', () => {
  let user: User;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('starts at the age step and refuses it without a country and birthday, calling nothing', async () => {
    renderCreate();
    expect(screen.getByRole('heading', { level: 2, name: 'create.age.heading' })).toBeInTheDocument();
    expect(screen.getByText('create.progress current=1 total=4')).toBeInTheDocument();
    const country = screen.getByLabelText('create.age.country');
    await waitFor(() => {
      expect(country).toBeEnabled();
    });
    expect(within(country).getByRole('option', { name: 'Germany' })).toBeInTheDocument();

    await user.click(submit('create.age.submit'));
    // The checks load with the first focus or submit (page budget): the messages follow a moment later.
    await waitFor(() => {
      expect(country).toHaveAccessibleDescription('form.country.required');
    });
    expect(screen.getByRole('group', { name: 'create.age.birthday' })).toHaveAccessibleDescription(
      'error.input.birthday-required',
    );
    expect(verifyAge).not.toHaveBeenCalled();
  });

  it("links to sign-in at the screen's path, carrying the page's carried query", async () => {
    renderCreate('?return_url=%2Fgame&not_carried=1');
    // The screen builds the path (no route table on the page); the query is read once hydrated.
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'create.signIn' })).toHaveAttribute(
        'href',
        '/account/en/login?return_url=%2Fgame',
      );
    });
  });

  it('sends the age check before any render (busy, or a form status), and a second click before it sends nothing', async () => {
    // React builds the form's FormData only to render a form status nobody reads (../shared/submit-transition).
    const built = vi.spyOn(globalThis, 'FormData');
    onPage({ route: 'create' });
    const busyAtCall: (string | null)[] = [];
    vi.mocked(verifyAge).mockImplementation(() => {
      busyAtCall.push(submit('create.age.submit').getAttribute('aria-disabled'));
      return new Promise(() => undefined);
    });
    const live = renderLive(createIsland());
    try {
      chooseIn(await countrySelect(), 'DE');
      chooseIn(screen.getByLabelText('form.birthday.month'), '5');
      chooseIn(screen.getByLabelText('form.birthday.day'), '17');
      chooseIn(screen.getByLabelText('form.birthday.year'), '2000');
      // The input warmed the action path; the click finds it loaded, as on a page idle for a moment.
      await Promise.all([import('./create-validation'), import('./create-steps')]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const button = submit('create.age.submit');
      button.click();
      button.click();
      await waitFor(() => {
        expect(button).toHaveAttribute('aria-disabled', 'true');
      });
      expect(busyAtCall).toEqual([null]);
      expect(built).not.toHaveBeenCalled();
      expect(verifyAge).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
      live.close();
    }
  });

  it('preselects the visitor country the API reports', async () => {
    vi.mocked(fetchCountryList).mockResolvedValue({
      countryList: [
        { countryCode: 'US', name: 'United States' },
        { countryCode: 'DE', name: 'Germany' },
      ],
      countryCode: 'US',
    });
    renderCreate();
    await waitFor(() => {
      expect(screen.getByLabelText('create.age.country')).toHaveValue('US');
    });
  });

  it('walks age → email → code → details with the entered values and creates the account', async () => {
    renderCreate();
    await passAge(user);
    expect(verifyAge).toHaveBeenCalledWith(
      {
        countryCode: 'DE',
        birthday: '2000-05-17',
        deviceId: DEVICE_ID,
        captchaToken: 'dev-captcha-pass',
        captchaVersion: 'v3',
      },
      { unified: false },
    );
    expect(screen.getByText('create.progress current=2 total=4')).toBeInTheDocument();

    await passEmail(user);
    expect(validateSignupEmail).toHaveBeenCalledWith({ email: EMAIL }, { unified: false });
    expect(requestSignupEmailCode).toHaveBeenCalledWith({ email: EMAIL, language: 'en_US' }, { unified: false });
    expect(await screen.findByText(`create.code.intro email=${EMAIL}`)).toBeInTheDocument();

    await passCode(user);
    expect(verifySignupEmailCode).toHaveBeenCalledWith({ email: EMAIL, code: '123456' }, { unified: false });

    await user.type(await screen.findByLabelText('create.details.password'), PASSWORD);
    await user.type(screen.getByLabelText('create.details.confirm'), PASSWORD);
    await user.click(screen.getByRole('checkbox', { name: 'create.details.newsletter' }));
    await user.click(submit('create.details.submit'));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/account/en/create/complete');
    });
    expect(signupInit).toHaveBeenCalledWith({}, { unified: false });
    expect(signup).toHaveBeenCalledWith(
      'session-token-1',
      expect.objectContaining({
        email: EMAIL,
        password: PASSWORD,
        newsletter: true,
        language: 'en_US',
        countryCode: 'DE',
        birthday: '2000-05-17',
        code: '123456',
        codeType: 'EMAIL',
        deviceId: DEVICE_ID,
      }),
      { unified: false },
    );
    expect(screen.getByRole('status')).toHaveTextContent('create.redirecting');
  });

  it('with cookies turned off says so at the age step and calls nothing', async () => {
    const restoreCookies = cookiesTurnedOff();
    try {
      renderCreate();
      await user.selectOptions(await countrySelect(), 'DE');
      await user.selectOptions(screen.getByLabelText('form.birthday.month'), '5');
      await user.selectOptions(screen.getByLabelText('form.birthday.day'), '17');
      await user.selectOptions(screen.getByLabelText('form.birthday.year'), '2000');
      await user.click(submit('create.age.submit'));
      expect(await screen.findByRole('alert')).toHaveTextContent('error.form.COOKIES_OFF');
      expect(verifyAge).not.toHaveBeenCalled();
      expect(screen.queryByRole('heading', { level: 2, name: 'create.email.heading' })).not.toBeInTheDocument();
    } finally {
      restoreCookies();
    }
  });

  it('sends a minor by the country rule to the parent-consent screen', async () => {
    vi.mocked(verifyAge).mockResolvedValue({ isMinor: true });
    renderCreate();
    const country = screen.getByLabelText('create.age.country');
    await waitFor(() => {
      expect(country).toBeEnabled();
    });
    await user.selectOptions(country, 'US');
    await user.selectOptions(screen.getByLabelText('form.birthday.month'), '1');
    await user.selectOptions(screen.getByLabelText('form.birthday.day'), '2');
    await user.selectOptions(screen.getByLabelText('form.birthday.year'), String(new Date().getUTCFullYear() - 10));
    await user.click(submit('create.age.submit'));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/account/en/create/parent-consent-required');
    });
    expect(validateSignupEmail).not.toHaveBeenCalled();
  });

  it('checks the email (§5 messages) before any call, and shows a refused address by its code', async () => {
    renderCreate();
    await passAge(user);
    const email = await screen.findByLabelText('create.email.label');

    await user.click(submit('create.email.submit'));
    expect(email).toHaveAccessibleDescription('error.input.email-required');
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-email');
    await user.click(submit('create.email.submit'));
    expect(email).toHaveAccessibleDescription('error.input.email-invalid');
    expect(validateSignupEmail).not.toHaveBeenCalled();

    vi.mocked(validateSignupEmail).mockRejectedValueOnce(apiError('BLOCKED_EMAIL_DOMAIN'));
    await user.clear(email);
    await user.type(email, EMAIL);
    await user.click(submit('create.email.submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.BLOCKED_EMAIL_DOMAIN');
    // The code is sent only to an accepted address.
    expect(requestSignupEmailCode).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2, name: 'create.email.heading' })).toBeInTheDocument();
  });

  it('checks the code, shows a wrong code (20013) in the form, resends, and goes back to change the email', async () => {
    renderCreate();
    await passAge(user);
    await passEmail(user);
    const code = await screen.findByLabelText('create.code.label');

    await user.type(code, '12ab');
    // Non-digits are dropped as typed.
    expect(code).toHaveValue('12');
    await user.click(submit('create.code.submit'));
    expect(code).toHaveAccessibleDescription('error.input.verificationCode');
    expect(verifySignupEmailCode).not.toHaveBeenCalled();

    vi.mocked(verifySignupEmailCode).mockRejectedValueOnce(apiError('20013'));
    await user.type(code, '3456');
    await user.click(submit('create.code.submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');

    await user.click(screen.getByRole('button', { name: 'create.code.resend' }));
    expect(await screen.findByText(`create.code.resent email=${EMAIL}`)).toBeInTheDocument();
    expect(requestSignupEmailCode).toHaveBeenCalledTimes(2);
    expect(await screen.findByLabelText('create.code.label')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'create.code.changeEmail' }));
    await stepHeading('create.email.heading');
    expect(await screen.findByLabelText('create.email.label')).toHaveValue(EMAIL);
  });

  it('checks the password rules and the confirmation before creating, and shows a code with a dialog text in the form', async () => {
    renderCreate();
    await passAge(user);
    await passEmail(user);
    await passCode(user);
    const password = await screen.findByLabelText('create.details.password');
    const confirm = screen.getByLabelText('create.details.confirm');

    await user.click(submit('create.details.submit'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('form.password.required'));
    expect(confirm).toHaveAccessibleDescription('form.confirm.required');

    await user.type(password, 'short');
    await user.type(confirm, 'other');
    await user.click(submit('create.details.submit'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('error.form.20194'));
    expect(confirm).toHaveAccessibleDescription('error.input.confirm-mismatch');
    expect(signupInit).not.toHaveBeenCalled();

    // 20187 has only a dialog text (title and description): the form shows the description, never a bare key.
    vi.mocked(signup).mockRejectedValueOnce(apiError('20187', 429));
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.clear(confirm);
    await user.type(confirm, PASSWORD);
    await user.click(submit('create.details.submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20187.desc');
    expect(assign).not.toHaveBeenCalled();
  });
});
