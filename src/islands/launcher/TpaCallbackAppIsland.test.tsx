/**
 * login/tpa-callback-app in the system browser (docs/launcher.md): sets the third-party session from the code,
 * shows the pair code the launcher shows, and hands the sign-in over on the player's go-ahead. Without a launcher
 * request it keeps the "continue in the app" text.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { approveTpaApp } from '../../client/api/launcher-app';
import { tpaSessionCookie } from '../../client/api/launcher-login';
import { $errorTexts, loadErrorTexts } from '../../client/errors/texts';
import { pairCode } from '../../client/launcher/pair-code';
import { TpaCallbackAppIsland } from './TpaCallbackAppIsland';

vi.mock('../../client/api/launcher-app');
vi.mock('../../client/api/launcher-login');

const REQUEST_ID = 'Q'.repeat(43);
const values = (extra: Record<string, unknown> = {}) =>
  btoa(JSON.stringify({ actionType: 'login', mode: 'app', flow: 'portal', locale: 'en', clientId: 'l', ...extra }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const STATE = `rand0m.${values({ appRequest: REQUEST_ID })}`;

function renderPage(search: string) {
  onPage({ route: 'login-tpa-callback-app', search });
  render(<TpaCallbackAppIsland strings={screenStrings('login-tpa-callback-app')} locale="en" />);
}

it('checks the sign-in, shows the pair code and hands it to the launcher', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'login' });
  vi.mocked(approveTpaApp).mockResolvedValue({});
  renderPage(`?clientId=l&provider=google&code=abc&state=${STATE}`);

  expect(await screen.findByRole('heading', { name: 'launcher.tpaCallbackApp.heading' })).toBeInTheDocument();
  expect(screen.getByText(await pairCode(REQUEST_ID))).toBeInTheDocument();
  expect(screen.getByText('launcher.tpaCallbackApp.body provider=Google')).toBeInTheDocument();
  expect(tpaSessionCookie).toHaveBeenCalledWith({ tpaType: 'google', code: 'abc', state: STATE });
  // The single-use code left the address bar.
  expect(new URLSearchParams(location.search).has('code')).toBe(false);
  expect(approveTpaApp).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'launcher.tpaCallbackApp.continue' }));
  const done = await screen.findByRole('heading', { name: 'launcher.tpaCallbackApp.doneHeading' });
  // Focus moves in a passive effect, which React may run just after the commit the query saw.
  await vi.waitFor(() => expect(done).toHaveFocus());
  expect(approveTpaApp).toHaveBeenCalledWith({ requestId: REQUEST_ID });
  expect(screen.getByRole('status')).toHaveTextContent('launcher.tpaCallbackApp.doneBody');
});

it('a refused callback or hand-over shows the error and says to try again from the launcher', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'login' });
  vi.mocked(approveTpaApp).mockRejectedValue(apiError('20159', 401));
  renderPage(`?clientId=l&provider=google&code=abc&state=${STATE}`);
  await user.click(await screen.findByRole('button', { name: 'launcher.tpaCallbackApp.continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20018.desc');
  expect(screen.getByText('launcher.tpaCallbackApp.failed')).toBeInTheDocument();
});

it('announces a refusal only once its text is in, never an empty alert', async () => {
  vi.mocked(tpaSessionCookie).mockRejectedValue(apiError('20138'));
  // The page's error texts still on their way.
  $errorTexts.set({ status: 'loading', done: new Promise<void>(() => undefined) });
  renderPage(`?clientId=l&provider=google&code=abc&state=${STATE}`);
  expect(await screen.findByText('launcher.tpaCallbackApp.failed')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  $errorTexts.set({ status: 'idle' });
  await loadErrorTexts();
  expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
});

it('a provider refusal is shown before any hand-over', async () => {
  vi.mocked(tpaSessionCookie).mockRejectedValue(apiError('20138'));
  renderPage(`?clientId=l&provider=google&code=abc&state=${STATE}`);
  expect(await screen.findByText('launcher.tpaCallbackApp.failed')).toBeInTheDocument();
  expect(approveTpaApp).not.toHaveBeenCalled();
});

it('without a launcher request it says to continue in the app and calls nothing', async () => {
  renderPage(`?clientId=l&provider=google&code=abc&state=rand0m.${values()}`);
  expect(screen.getByRole('heading', { name: 'social.callbackApp.heading' })).toBeInTheDocument();
  expect(screen.getByText('social.callbackApp.body')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(tpaSessionCookie).not.toHaveBeenCalled();
});
