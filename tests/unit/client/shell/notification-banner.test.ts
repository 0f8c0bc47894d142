// @vitest-environment happy-dom
/**
 * The notification banner (src/client/shell/notification-banner.ts, loaded after the page start-up): the contract's path and entry choice
 * (src/shared/contract/content.ts) without its schemas, and what the banner shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountNotice,
  notificationsPath,
  showNotificationBanner,
} from '../../../../src/client/shell/notification-banner';
import * as contract from '../../../../src/shared/contract/content';
import { fakeFetch, json } from '../http/fake-fetch';

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
    vi.stubGlobal('fetch', fakeFetch(() => json([entry])).fetch);
    await showNotificationBanner('de', 'global');
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
  ])('stays hidden with %s', async (_name, respond) => {
    const banner = mount();
    vi.stubGlobal('fetch', fakeFetch(respond).fetch);
    await showNotificationBanner('en', 'global');
    expect(banner.hidden).toBe(true);
  });
});
