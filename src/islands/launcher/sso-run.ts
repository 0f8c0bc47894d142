/**
 * login/sso's work (docs/launcher.md "Account pages in the browser: login/sso"), loaded once the page is mounted:
 * the one-time code the launcher sent is taken off the URL (a reload or the history must not show it again) and
 * redeemed for a web session; then the page follows route_to, an allowed return_url, or the default page.
 */
import { redeemSsoCode } from '../../client/api/launcher-app';
import { settle } from '../../client/http/settle';
import { redirectAfterFlow } from '../../client/navigation/flow-end';
import { getDeviceId } from '../../client/stores/device';
import { setUserCookies } from '../shared/user-cookies';

/** Expired, used or unknown code (the server answers these alike). */
export const SSO_CODE_REFUSED = '20018';
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type SsoOutcome = { readonly kind: 'leaving' } | { readonly kind: 'failed'; readonly code: string };

function takeCode(): string | undefined {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  if (code === null) return undefined;
  query.delete('code');
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return code;
}

export async function runSso(navigate: () => void = redirectAfterFlow): Promise<SsoOutcome> {
  const code = takeCode();
  if (code === undefined || !CODE_SHAPE.test(code)) return { kind: 'failed', code: SSO_CODE_REFUSED };
  const [error, result] = await settle(redeemSsoCode({ code, deviceId: getDeviceId() }));
  if (error) return error.navigating ? { kind: 'leaving' } : { kind: 'failed', code: error.code };
  setUserCookies(result);
  navigate();
  return { kind: 'leaving' };
}
