/**
 * healup (spec §7 PUT healup, then the sign-in's completion): the missing items asked for by the sign-in, checked
 * before any call, saved, then the sign-in completes and ends as every sign-in does. The calls are loaded with the
 * action path (not before interaction), so the test mocks their module.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, later, onPage, screenStrings, submitTwiceInOneTask } from '../../../tests/components/helpers';
import { twoCountries } from '../../../tests/components/fixtures';
import { healup, loginComplete } from '../../client/api/launcher-login';
import { fetchCountryList } from '../../client/countries/country-list';
import { finishLogin } from '../shared/finish-login';
import { dateFormatInfo } from '../shared/date-parts';
import { HealupIsland } from './HealupIsland';

vi.mock('../../client/api/launcher-login', () => ({ healup: vi.fn(), loginComplete: vi.fn() }));
vi.mock('../../client/countries/country-list');
vi.mock('../shared/finish-login', () => ({ finishLogin: vi.fn() }));

const RESULT = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

beforeEach(() => {
  vi.mocked(fetchCountryList).mockResolvedValue(twoCountries());
  vi.mocked(healup).mockResolvedValue({});
  vi.mocked(loginComplete).mockResolvedValue(RESULT);
  vi.mocked(finishLogin).mockResolvedValue(undefined);
});

function renderHealup(items: string) {
  onPage({ route: 'healup', search: `?items=${items}` });
  render(
    <HealupIsland strings={screenStrings('healup')} locale="en" dateFormat={dateFormatInfo('en')} maxYear={2026} />,
  );
}

describe('healup', () => {
  it('saves the country, completes the sign-in and ends it', async () => {
    const user = userEvent.setup();
    renderHealup('country');
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('healup.country'), 'DE');
    await user.click(screen.getByRole('button', { name: 'healup.submit' }));
    await waitFor(() => {
      expect(finishLogin).toHaveBeenCalledWith(RESULT, expect.objectContaining({ locale: 'en' }));
    });
    expect(healup).toHaveBeenCalledWith({ countryCode: 'DE' }, { unified: false });
    expect(loginComplete).toHaveBeenCalledWith({ deviceId: expect.any(String) as string }, { unified: false });
  });

  it('asks for a country before any call', async () => {
    const user = userEvent.setup();
    renderHealup('country');
    await user.click(screen.getByRole('button', { name: 'healup.submit' }));
    expect(await screen.findByText('form.country.required')).toBeInTheDocument();
    expect(healup).not.toHaveBeenCalled();
  });

  it('shows a refused save in the form and does not complete the sign-in', async () => {
    const user = userEvent.setup();
    vi.mocked(healup).mockRejectedValue(apiError('20022', 400));
    renderHealup('country');
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('healup.country'), 'DE');
    await user.click(screen.getByRole('button', { name: 'healup.submit' }));
    // The §8 text of the code, from the page's error-texts file (stubbed by the setup), in the form's alert.
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    expect(screen.getByRole('button', { name: 'healup.submit' })).not.toHaveAttribute('aria-disabled');
    expect(loginComplete).not.toHaveBeenCalled();
    expect(finishLogin).not.toHaveBeenCalled();
  });

  it('two submits in one frame save once and complete the sign-in once', async () => {
    const user = userEvent.setup();
    const { promise, answer } = later<Awaited<ReturnType<typeof healup>>>();
    vi.mocked(healup).mockReturnValue(promise);
    renderHealup('country');
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('healup.country'), 'DE');
    submitTwiceInOneTask(screen.getByRole('button', { name: 'healup.submit' }));
    answer({});
    await waitFor(() => {
      expect(finishLogin).toHaveBeenCalledTimes(1);
    });
    expect(healup).toHaveBeenCalledTimes(1);
    expect(loginComplete).toHaveBeenCalledTimes(1);
    // The sign-in ends by leaving the page: the form stays busy meanwhile.
    expect(screen.getByRole('button', { name: /^healup\.submit/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
