import { describe, expect, it } from 'vitest';
import { publisherSuffixes, referrerReturnUrl } from '../../../../src/client/navigation/referrer';
import { regions } from '../../../../src/regions/index';

describe('publisherSuffixes', () => {
  it('keeps the publisher and support domains and leaves out third-party sign-in sites', () => {
    expect(publisherSuffixes(regions.global)).toEqual(['lumenforge.com', 'support.lumenforge.com']);
    expect(publisherSuffixes(regions.th)).toEqual(['lumenforge.com', 'lumenforge.co.th']);
  });
});

describe('trusted referrer becomes return_url (spec §2)', () => {
  const base = { origin: 'https://account.lumenforge.com', trustedSuffixes: publisherSuffixes(regions.global) };
  it.each([
    ['publisher news page', '', 'https://www.lumenforge.com/news/1', 'https://www.lumenforge.com/news/1'],
    [
      'support desk',
      '',
      'https://support.lumenforge.com/hc/articles/9',
      'https://support.lumenforge.com/hc/articles/9',
    ],
    ['return_url already present', 'return_url=%2F', 'https://www.lumenforge.com/news', undefined],
    ['no referrer', '', '', undefined],
    ['the portal itself', '', 'https://account.lumenforge.com/account/en/create', undefined],
    ['account area on another publisher host', '', 'https://www.lumenforge.com/account/en/login', undefined],
    ['third-party sign-in site', '', 'https://discord.com/channels', undefined],
    ['untrusted site', '', 'https://evil.com/', undefined],
    ['look-alike', '', 'https://lumenforge.com.evil.com/', undefined],
    ['plain http', '', 'http://www.lumenforge.com/news', undefined],
    ['garbage', '', 'not a url', undefined],
  ])('%s', (_label, qs, referrer, expected) => {
    expect(referrerReturnUrl({ ...base, query: new URLSearchParams(qs), referrer })).toBe(expected);
  });
});
