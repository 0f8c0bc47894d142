/** global/error: the §8 text of the code it was sent with, a general text otherwise; back to global/login. */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { GlobalError } from './GlobalError';

function renderAt(search: string) {
  onPage({ route: 'global-error', search });
  render(<GlobalError strings={screenStrings('global-error')} locale="en" />);
}

it('shows the §8 text of the notice code (20159 reads as 20018, session expired)', async () => {
  renderAt('?notice=20159');
  expect(await screen.findByRole('alert')).toHaveTextContent(/error\.(form|modal)\.20018/);
  expect(screen.getByRole('link', { name: 'global.error.action' })).toHaveAttribute('href', '/account/en/global/login');
});

it('a refused sign-in callback (20138) is titled by what happened, not "Something went wrong"', async () => {
  renderAt('?notice=20138');
  expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20138.desc');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('error.modal.20138.title');
});

it('an unknown code gets the general message with the code and the support link', async () => {
  renderAt('?notice=NOT_A_CATALOGUE_CODE');
  expect(await screen.findByRole('alert')).toHaveTextContent(/NOT_A_CATALOGUE_CODE/);
  expect(screen.getByRole('link', { name: 'error.support' })).toBeInTheDocument();
});

it('without a code, or with something that is not one, the general text and no alert', async () => {
  renderAt('?notice=%3Cscript%3E&route_to=login');
  expect(await screen.findByText('global.error.body')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'global.error.action' }).getAttribute('href')).toContain('route_to=login');
});
