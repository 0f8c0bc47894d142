/**
 * Helpers of the issue 12 part B API tests (password, sessions, activity,
 * export, deletion): calls on the account-setting base, a second signed-in
 * "device" of the same player with its own browser and country, and the
 * player's mailbox.
 */
import { expect } from 'vitest';
import { Browser, type Reply } from './client';
import { IpBrowser, startSession, type Player } from './two-factor-helpers';

export const SETTING = '/api/account-setting/v1.0';
export const LANG = { language: 'en_US' };

export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser that always sends a User-Agent and a CF country (as the edge would). */
export class DeviceBrowser extends IpBrowser {
  constructor(
    readonly userAgent: string,
    readonly country: string,
  ) {
    super();
  }
  override request(method: string, path: string, options: Parameters<Browser['request']>[2] = {}): Promise<Reply> {
    return super.request(method, path, {
      ...options,
      headers: { 'User-Agent': this.userAgent, 'CF-IPCountry': this.country, ...options.headers },
    });
  }
}

/** Signs the player in on another device (a full session through the dev hook, which runs startSession). */
export async function otherDevice(p: Player, userAgent = FIREFOX_LINUX, country = 'DE'): Promise<DeviceBrowser> {
  const b = new DeviceBrowser(userAgent, country);
  await startSession(b, p.accountId);
  return b;
}

export const settingGet = (b: Browser, path: string) => b.get(`${SETTING}${path}`);
export const settingPost = (b: Browser, path: string, body: unknown = {}) => b.post(`${SETTING}${path}`, body);

/** True while the browser's session is a full one. */
export async function signedIn(b: Browser): Promise<boolean> {
  const r = await b.get('/api/dev/session');
  return r.status === 200;
}

export function expectCode(r: Reply, status: number, code: string): void {
  expect({ status: r.status, code: r.code }, r.text).toEqual({ status, code });
}
