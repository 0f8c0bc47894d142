/**
 * login/social-link/{case}: the existing account is proved by its password or an emailed code before the
 * provider is linked and the player signed in; case 4 links nothing; a missing session shows its code.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { getAccount } from '../../client/api/settings';
import {
  getSocialLink,
  socialLinkRequestCode,
  socialLinkVerifyCode,
  socialLinkWithPassword,
} from '../../client/api/social';
import { goTo } from '../../client/navigation/page';
import { platformSocialLinkPassword, platformSocialLinkVerifyCode } from '../../client/api/platform';
import { SocialLinkIsland } from './SocialLinkIsland';

vi.mock('../../client/api/social');
vi.mock('../../client/api/settings');
vi.mock('../../client/api/platform');

const signedIn = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

function renderLink(caseNo = '1') {
  onPage({ route: 'login-social-link', search: '' });
  history.replaceState(null, '', `/account/en/login/social-link/${caseNo}`);
  render(<SocialLinkIsland strings={screenStrings('login-social-link')} locale="en" loginPath="/account/en/login" />);
}

it('proves the account with its password, links and signs in', async () => {
  const user = userEvent.setup();
  vi.mocked(getSocialLink).mockResolvedValue({
    case: 1,
    provider: 'google',
    email: 'ada@example.com',
    proofs: ['password', 'code'],
  });
  vi.mocked(socialLinkWithPassword).mockResolvedValue(signedIn);
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderLink();
  expect(await screen.findByText('social.link.intro email=ada@example.com provider=Google')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'social.link.submitPassword provider=Google' }));
  expect(screen.getByText('social.link.passwordMissing')).toBeInTheDocument();
  expect(socialLinkWithPassword).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('social.link.password'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'social.link.submitPassword provider=Google' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/account-overview'));
  expect(socialLinkWithPassword).toHaveBeenCalledWith(expect.objectContaining({ password: 'Secret-pass1' }));
});

it('shows a wrong password in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(getSocialLink).mockResolvedValue({ case: 1, provider: 'google', email: 'a@b.co', proofs: ['password'] });
  vi.mocked(socialLinkWithPassword).mockRejectedValue(apiError('20002', 401));
  renderLink();
  await user.type(await screen.findByLabelText('social.link.password'), 'wrong-pass');
  await user.click(screen.getByRole('button', { name: 'social.link.submitPassword provider=Google' }));
  expect(await screen.findByText('error.form.20002')).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

it('proves a social-only account with an emailed code', async () => {
  const user = userEvent.setup();
  vi.mocked(getSocialLink).mockResolvedValue({ case: 2, provider: 'discord', email: 'a@b.co', proofs: ['code'] });
  vi.mocked(socialLinkRequestCode).mockResolvedValue({});
  vi.mocked(socialLinkVerifyCode).mockResolvedValue(signedIn);
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderLink('2');
  await user.click(await screen.findByRole('button', { name: 'social.link.sendCode email=a@b.co' }));
  await vi.waitFor(() => {
    expect(socialLinkRequestCode).toHaveBeenCalledWith({ language: 'en_US' });
  });
  const field = await screen.findByLabelText('social.link.code');
  await user.type(field, '12 34');
  await user.click(screen.getByRole('button', { name: 'social.link.submitCode provider=Discord' }));
  expect(screen.getByText('social.link.codeInvalid')).toBeInTheDocument();
  await user.type(field, '56');
  await user.click(screen.getByRole('button', { name: 'social.link.submitCode provider=Discord' }));
  await vi.waitFor(() =>
    expect(socialLinkVerifyCode).toHaveBeenCalledWith(expect.objectContaining({ code: '123456' })),
  );
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
});

it('links nothing in case 4 and offers the way back', async () => {
  vi.mocked(getSocialLink).mockResolvedValue({ case: 4, provider: 'google', email: 'a@b.co', proofs: [] });
  renderLink('4');
  expect(await screen.findByText('social.link.alreadyLinked email=a@b.co provider=Google')).toBeInTheDocument();
  expect(screen.queryByLabelText('social.link.password')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'social.link.back' })).toHaveAttribute('href', '/account/en/login');
});

describe('on a console (global/{platform}/social-link/{case})', () => {
  function renderOnConsole() {
    onPage({ route: 'platform-social-link', search: '' });
    history.replaceState(null, '', '/account/en/global/playstation/social-link/5');
    render(
      <SocialLinkIsland
        strings={screenStrings('platform-social-link')}
        locale="en"
        platform="playstation"
        loginPath="/account/en/global/playstation/login"
      />,
    );
  }

  it('proves the account with its password; the console is linked (link-success)', async () => {
    const user = userEvent.setup();
    vi.mocked(getSocialLink).mockResolvedValue({ case: 1, provider: 'google', email: 'a@b.co', proofs: ['password'] });
    vi.mocked(platformSocialLinkPassword).mockResolvedValue({ hashedGlobalUserNo: 'h1', email: 'a@b.co' });
    renderOnConsole();
    await user.type(await screen.findByLabelText('social.link.password'), 'Secret-pass1');
    expect(screen.getByRole('link', { name: 'social.link.back' })).toHaveAttribute(
      'href',
      '/account/en/global/playstation/login',
    );
    await user.click(screen.getByRole('button', { name: 'social.link.submitPassword provider=Google' }));
    await vi.waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/link-success?email=a%40b.co', false),
    );
    expect(platformSocialLinkPassword).toHaveBeenCalledWith('playstation', { password: 'Secret-pass1' });
    expect(socialLinkWithPassword).not.toHaveBeenCalled();
  });

  it('proves it with a code; a wrong code shows in the form', async () => {
    const user = userEvent.setup();
    vi.mocked(getSocialLink).mockResolvedValue({ case: 2, provider: 'google', email: 'a@b.co', proofs: ['code'] });
    vi.mocked(socialLinkRequestCode).mockResolvedValue({});
    vi.mocked(platformSocialLinkVerifyCode).mockRejectedValue(apiError('20013', 400));
    renderOnConsole();
    await user.click(await screen.findByRole('button', { name: 'social.link.sendCode email=a@b.co' }));
    await user.type(await screen.findByLabelText('social.link.code'), '123456');
    await user.click(screen.getByRole('button', { name: 'social.link.submitCode provider=Google' }));
    expect(await screen.findByText('error.form.20013')).toBeInTheDocument();
    expect(platformSocialLinkVerifyCode).toHaveBeenCalledWith('playstation', { code: '123456' });
    expect(socialLinkVerifyCode).not.toHaveBeenCalled();
  });

  it('sends a lost console session to link-failed', async () => {
    vi.mocked(getSocialLink).mockRejectedValue(apiError('20159', 401));
    renderOnConsole();
    await vi.waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/link-failed?notice=20159', false),
    );
  });
});
