import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { getLinkingState } from '../../client/api/platform';
import { LinkAuthTypes } from './LinkAuthTypes';

vi.mock('../../client/api/platform');

it("lists the account's factors, each opening its screen", async () => {
  vi.mocked(getLinkingState).mockResolvedValue({
    platform: 'nintendo',
    accountType: 'adult',
    game: null,
    linked: false,
    minor: false,
    pending: { email: 'p@example.com', authTypes: ['TOTP', 'SMS'], primaryAuthType: 'TOTP', phoneNo: null },
  });
  onPage({ route: 'platform-verify-linking-auth-types' });
  render(
    <LinkAuthTypes strings={screenStrings('platform-verify-linking-auth-types')} locale="en" platform="nintendo" />,
  );
  expect(await screen.findByRole('link', { name: 'platform.verify.authTypes.TOTP' })).toHaveAttribute(
    'href',
    '/account/en/global/nintendo/verify-linking/2fa',
  );
  expect(screen.getByRole('link', { name: 'platform.verify.authTypes.SMS' })).toHaveAttribute(
    'href',
    '/account/en/global/nintendo/verify-linking/sms',
  );
  expect(screen.queryByRole('link', { name: 'platform.verify.authTypes.EMAIL' })).not.toBeInTheDocument();
});
