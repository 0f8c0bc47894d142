import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { LinkSuccess } from './LinkSuccess';

it('shows the linked email and player tag from the query', async () => {
  onPage({ route: 'platform-link-success', search: '?email=p%40example.com&tag=Hero%231234' });
  render(<LinkSuccess strings={screenStrings('platform-link-success')} locale="en" platform="playstation" />);
  expect(await screen.findByRole('status')).toHaveTextContent(
    'platform.linkSuccess.body platform=platform.names.playstation email=p@example.com',
  );
  expect(screen.getByText('platform.linkSuccess.tag tag=Hero#1234')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'platform.linkSuccess.continue' })).toHaveAttribute(
    'href',
    '/account/en/global/playstation/login',
  );
});
