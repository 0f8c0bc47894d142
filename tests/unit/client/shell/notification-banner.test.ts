// @vitest-environment happy-dom
/**
 * The notification banner: the start-up's fetch (src/client/startup/notice.ts), which loads the banner
 * (src/client/shell/notification-banner.ts) only for a file that names an Account entry; the contract's path and
 * entry choice (src/shared/contract/content.ts) without its schemas; and what the banner shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountNotice } from '../../../../src/client/shell/notification-banner';
import { notificationsPath, startNotice, withAccountEntry } from '../../../../src/client/startup/notice';
import * as contract from '../../../../src/shared/contract/content';
import { callAt, fakeFetch, json } from '../http/fake-fetch';

const lists: contract.NotificationEntry[][] = [
  [],
  [{ name: 'Other', message: { en: 'Not ours' } }],
  [{ name: 'Account', message: { en: 'English', de: 'Deutsch' } }],
  [{ name: 'Account', message: { en: 'English', de: '' } }],
  [{ name: 'Account', message: { en: 'English', de: 5 } }],
  [
    { name: 'Other', message: { en: 'Not ours' } },
    { name: 'Account', message: { en: 'First' }, link: 'https://example.com/a' },
    { name: 'Account', message: { en: 'Second' } },
  ],
];

describe('notification choice', () => {
  it.each(['global', 'vietnam', 'a b/c'])('reads the contract path for %s', (region) => {
    expect(notificationsPath(region)).toBe(contract.notificationsPath(region));
  });

  it.each(lists.flatMap((list) => ['en', 'de', 'ja'].map((locale) => [list, locale] as const)))(
    'picks the contract entry from %j in %s',
    (list, locale) => {
      expect(accountNotice(list, locale)?.message).toBe(contract.accountNotice(list, locale));
    },
  );

  it.each(lists.map((list) => [list] as const))(
    'loads the banner for %j exactly when the contract finds a notice',
    (list) => {
      expect(withAccountEntry(list) !== undefined).toBe(contract.accountNotice(list, 'en') !== undefined);
    },
  );

  it.each<unknown>([{}, null, 'Account', [null, 'Account'], [{ message: { en: 'x' } }], [{ name: 'account' }]])(
    'loads no banner for %j',
    (value) => {
      expect(withAccountEntry(value)).toBeUndefined();
    },
  );
});

describe('the banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  function mount(): HTMLElement {
    document.body.innerHTML = '<div data-banner data-learn-more="Learn more" hidden></div>';
    return document.querySelector<HTMLElement>('[data-banner]') as HTMLElement;
  }

  it('shows the Account notice in the locale, as text, with its link', async () => {
    const banner = mount();
    const entry = { name: 'Account', message: { en: 'English', de: '<b>Deutsch</b>' }, link: 'https://example.com/n' };
    const t = fakeFetch(() => json([entry]));
    vi.stubGlobal('fetch', t.fetch);
    await startNotice('de', 'vietnam');
    // A content file: no API headers or credentials.
    expect(t.calls.map((c) => new URL(c.url, 'https://x').pathname)).toEqual([
      `/account/cdn${contract.notificationsPath('vietnam')}`,
    ]);
    expect(callAt(t.calls, 0).init.credentials).toBeUndefined();
    await vi.waitFor(() => {
      expect(banner.hidden).toBe(false);
    });
    expect(banner.hidden).toBe(false);
    expect(banner.querySelector('span')?.textContent).toBe('<b>Deutsch</b>');
    expect(banner.querySelector('b')).toBeNull();
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('https://example.com/n');
    expect(banner.querySelector('a')?.textContent).toBe('Learn more');
  });

  it.each<[string, () => Response]>([
    ['no Account entry', () => json([{ name: 'Other', message: { en: 'x' } }])],
    ['a broken file', () => json([{ name: 'Account', message: { en: '' } }])],
    ['a missing file', () => new Response('Not found', { status: 404 })],
    ['a file that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('stays hidden with %s', async (_name, respond) => {
    const banner = mount();
    vi.stubGlobal('fetch', fakeFetch(respond).fetch);
    await startNotice('en', 'global');
    // The banner's code, when it loaded (the broken file), ran in the same task chain: give it a turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(banner.hidden).toBe(true);
  });
});
