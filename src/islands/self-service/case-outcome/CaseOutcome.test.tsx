import { render, screen } from '@testing-library/react';
import region from '@region';
import { expect, it } from 'vitest';
import { onPage, screenStrings } from '../../../../tests/components/helpers';
import { CaseEscalated } from './CaseEscalated';
import { CaseRejected } from './CaseRejected';

it('escalate: shows the case reference and the way back to sign-in with the carried query', async () => {
  onPage({ route: 'self-verify-escalate', search: '?reference=LF-ABCD2345&parental_flow_mode=parent' });
  render(<CaseEscalated strings={screenStrings('self-verify-escalate')} locale="en" loginPath="/login" />);
  expect(await screen.findByRole('status')).toHaveTextContent('supportCase.escalated.reference LF-ABCD2345');
  expect(screen.getByRole('heading', { name: 'supportCase.escalated.heading' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'supportCase.escalated.back' })).toHaveAttribute(
    'href',
    '/login?parental_flow_mode=parent',
  );
});

it('escalate: shows no reference that is not one (the URL is anyone’s)', () => {
  onPage({ route: 'self-verify-escalate', search: '?reference=<b>call+us+at+555</b>' });
  render(<CaseEscalated strings={screenStrings('self-verify-escalate')} locale="en" loginPath="/login" />);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByText(/555/)).not.toBeInTheDocument();
});

it('rejected: shows the reference and offers a new request and support', async () => {
  onPage({ route: 'self-verify-rejected', search: '?reference=lf-abcd2345&route_to=security' });
  render(
    <CaseRejected
      strings={screenStrings('self-verify-rejected')}
      locale="en"
      verifyPath="/verify"
      loginPath="/login"
    />,
  );
  expect(await screen.findByText('LF-ABCD2345')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'supportCase.rejected.heading' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'supportCase.rejected.newRequest' })).toHaveAttribute(
    'href',
    '/verify?route_to=security',
  );
  expect(screen.getByRole('link', { name: 'supportCase.rejected.contact' })).toHaveAttribute('href', region.supportUrl);
});
