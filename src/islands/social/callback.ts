/**
 * The social callback's decision (spec §2 "Social callback behaviour"), pure so every branch is table-tested:
 * the code (or token) and `state` from the URL hash or query, `state` decoded into query values
 * (decodeTpaState, docs/social.md), then in order:
 *  1. a popup (Apple): hand this URL to the page that opened it, and close;
 *  2. a client code outside app mode: the app callback screen (the sign-in belongs to the app), with the code;
 *  3. actionType socialLink: settings/social-link/{provider} (finishing a link started from settings);
 *  4. flow global: the global login callback; flow simpleGlobal: the same screen in its simple variant;
 *  5. otherwise the third-party login, login/tpa/{provider}.
 * The code and `state` travel to the next screen, which makes the call: this page only routes.
 */
import type { RouteTarget } from '../../client/navigation/href';
import type { TpaStateValues } from '../../shared/contract/social';
import type { SocialProvider } from './providers';

export interface CallbackParams {
  readonly code: string | undefined;
  readonly state: string | undefined;
  /** The provider refused or the player cancelled (`error=access_denied`…). */
  readonly error: string | undefined;
}

/** Looks in the query, then the hash (OIDC implicit/form responses put them there). */
export function readCallbackParams(search: string, hash: string): CallbackParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const pick = (...keys: string[]) => {
    for (const source of [query, fragment])
      for (const key of keys) {
        const value = source.get(key);
        if (value !== null && value !== '') return value;
      }
    return undefined;
  };
  return { code: pick('code', 'id_token', 'access_token'), state: pick('state'), error: pick('error') };
}

export interface CallbackContext {
  readonly provider: SocialProvider;
  readonly params: CallbackParams;
  /** decodeTpaState(params.state); null when absent or not ours. */
  readonly values: TpaStateValues | null;
  /** The page runs framed by the launcher (spec §2 app mode). */
  readonly appMode: boolean;
  /**
   * This URL was handed on by the popup (`popupDone` in the query): the page that opened the popup finishes here.
   * Without it a `mode=popup` state means this page is the popup, whether or not it still sees its opener.
   */
  readonly forwarded: boolean;
}

export type CallbackDecision =
  /** Nothing usable came back (cancelled, refused, or a URL not made by our start endpoint). */
  | { readonly kind: 'failed'; readonly cancelled: boolean }
  | { readonly kind: 'popup' }
  | { readonly kind: 'go'; readonly target: RouteTarget };

export function decideCallback(ctx: CallbackContext): CallbackDecision {
  const { provider, params, values } = ctx;
  if (values === null || params.state === undefined) return { kind: 'failed', cancelled: false };
  if (values.mode === 'popup' && !ctx.forwarded) return { kind: 'popup' };
  if (params.error !== undefined || params.code === undefined)
    return { kind: 'failed', cancelled: params.error === 'access_denied' };
  const result = { code: params.code, state: params.state };
  // The app callback finishes the launcher's sign-in (docs/launcher.md): it needs the provider, code and state.
  if (values.clientId !== undefined && !ctx.appMode)
    return {
      kind: 'go',
      target: { name: 'login-tpa-callback-app', query: { clientId: values.clientId, provider, ...result } },
    };
  if (values.actionType === 'socialLink')
    return {
      kind: 'go',
      target: { name: 'settings-social-link', params: { socialProvider: provider }, query: result },
    };
  if (values.flow === 'global' || values.flow === 'simpleGlobal')
    return {
      kind: 'go',
      target: {
        name: 'global-callback-social',
        params: { socialProvider: provider },
        query: { ...result, ...(values.flow === 'simpleGlobal' ? { simple: 'true' } : {}), platform: values.platform },
      },
    };
  return {
    kind: 'go',
    target: {
      name: 'login-tpa',
      params: { socialProvider: provider },
      query: { ...result, return_url: values.returnUrl, unified: values.unified === true ? 'true' : undefined },
    },
  };
}
