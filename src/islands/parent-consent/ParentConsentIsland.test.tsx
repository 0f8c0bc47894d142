/**
 * create/parent-consent-required (spec §2, §8 20226): a minor sees why a
 * parent is needed; a child suspended after failed sign-ins (the 20226 notice)
 * sees that it is suspended and that the parent reactivates it from parental
 * controls.
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { ParentConsentIsland } from './ParentConsentIsland';

function renderScreen(search = '') {
  onPage({ route: 'create-parent-consent-required', search });
  render(<ParentConsentIsland strings={screenStrings('create-parent-consent-required')} locale="en" />);
}

it('explains to a minor that a parent sets the account up', () => {
  renderScreen();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('parentConsent.heading');
  expect(screen.getByText('parentConsent.parentHint')).toBeInTheDocument();
});

it('tells a suspended child (20226) that it is suspended and that the parent reactivates it', () => {
  renderScreen('?notice=20226');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('error.modal.20226.title');
  expect(screen.getByText('error.modal.20226.desc')).toBeInTheDocument();
  expect(screen.getByText('minor.suspended.parentHint')).toBeInTheDocument();
  expect(screen.queryByText('parentConsent.parentHint')).toBeNull();
  expect(screen.getByRole('link', { name: 'parentConsent.parentSignIn' })).toHaveAttribute(
    'href',
    '/account/en/login?parental_flow_mode=parent',
  );
});

it('tells a child its parent paused (20226, child=paused) that a parent paused it, not the failed sign-ins', () => {
  renderScreen('?notice=20226&child=paused');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('minor.paused.title');
  expect(screen.getByText('minor.paused.body')).toBeInTheDocument();
  expect(screen.queryByText('error.modal.20226.desc')).toBeNull();
  expect(screen.getByText('minor.suspended.parentHint')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'parentConsent.parentSignIn' })).toHaveAttribute(
    'href',
    '/account/en/login?parental_flow_mode=parent',
  );
});
