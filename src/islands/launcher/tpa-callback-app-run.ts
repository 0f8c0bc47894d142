/**
 * login/tpa-callback-app's work in the system browser (docs/launcher.md "Third-party sign-in in the launcher"),
 * loaded once the page is mounted: a provider sign-in the launcher started came back here (a client code outside
 * app mode, spec §2). The browser sets its third-party session (tpa-session-cookie), shows the pair code, and on
 * the player's go-ahead hands the session to the launcher's request (approveTpaApp).
 */
import { approveTpaApp } from '../../client/api/launcher-app';
import { tpaSessionCookie } from '../../client/api/launcher-login';
import { settle } from '../../client/http/settle';
import { pairCode } from '../../client/launcher/pair-code';
import { decodeTpaState } from '../../shared/contract/social';
import { isSocialProvider, KNOWN_PROVIDERS, type SocialProvider } from '../social/providers';

export interface AppCallback {
  readonly provider: SocialProvider;
  readonly code: string;
  readonly state: string;
  readonly requestId: string;
}

/** The launcher's callback in the query, taken off the URL (a reload must not spend the code again). */
export function takeAppCallback(): AppCallback | undefined {
  const query = new URLSearchParams(location.search);
  const provider = query.get('provider') ?? undefined;
  const code = query.get('code');
  const state = query.get('state');
  const requestId = state === null ? undefined : decodeTpaState(state)?.appRequest;
  if (!isSocialProvider(provider, KNOWN_PROVIDERS) || code === null || state === null || requestId === undefined)
    return undefined;
  for (const key of ['code', 'state']) query.delete(key);
  history.replaceState(history.state, '', `${location.pathname}?${query.toString()}`);
  return { provider, code, state, requestId };
}

export type AppCallbackView =
  { readonly kind: 'confirm'; readonly pairCode: string } | { readonly kind: 'failed'; readonly code: string };

export async function startAppCallback(callback: AppCallback): Promise<AppCallbackView> {
  const { provider: tpaType, code, state } = callback;
  const [error] = await settle(tpaSessionCookie({ tpaType, code, state }));
  if (error) return { kind: 'failed', code: error.code };
  return { kind: 'confirm', pairCode: await pairCode(callback.requestId) };
}

export async function approveAppCallback(requestId: string): Promise<string | undefined> {
  const [error] = await settle(approveTpaApp({ requestId }));
  return error?.code;
}
