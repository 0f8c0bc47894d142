/**
 * The social callback's decision (spec §2 "Social callback behaviour"), pure so every branch is table-tested:
 * the code (or token) and `state` from the URL hash or query, `state` decoded into query values
 * (decodeTpaState, docs/social.md), then in order:
 *  1. a popup (Apple): hand this URL to the page that opened it, and close;
 *  2. a client code outside app mode: the app callback screen (the sign-in belongs to the app), with the code;
 *  3. actionType socialLink: settings/social-link/{provider} (finishing a link started from settings); actionType
 *     childLogin: setting/parental-controls/add-child/login (a parent adding a child who signed in with a provider);
 *  4. flow global: the global login callback — or, when the flow names a console platform, that console's
 *     callback (global/{platform}/login/callback/social/{provider}); flow simpleGlobal: the simple variant;
 *  5. otherwise the third-party login, login/tpa/{provider}.
 * The code and `state` travel to the next screen, which makes the call: this page only routes.
 */
import type { RouteTarget } from '../../client/navigation/href';
import type { CallbackParams } from './callback-params';
import { CONSOLE_PLATFORMS } from '../../regions/schema';
import type { TpaStateValues } from '../../shared/contract/social';
import type { SocialProvider } from './providers';
import * as routes from '../../routes/refs';

export { readCallbackParams, type CallbackParams } from './callback-params';

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
      target: { route: routes.loginTpaCallbackApp, query: { clientId: values.clientId, provider, ...result } },
    };
  if (values.actionType === 'socialLink')
    return {
      kind: 'go',
      target: { route: routes.settingsSocialLink, params: { socialProvider: provider }, query: result },
    };
  // A parent adding a child (spec §4 step 5): the child's sign-in ends on add-child/login, which links the child.
  if (values.actionType === 'childLogin')
    return {
      kind: 'go',
      target: {
        route: routes.addChildLogin,
        query: { ...result, provider, parental_flow_mode: 'child', return_url: values.returnUrl },
      },
    };
  const consolePlatform = CONSOLE_PLATFORMS.find((p) => p === values.platform);
  if (values.flow === 'global' && consolePlatform !== undefined)
    return {
      kind: 'go',
      target: {
        route: routes.platformLoginCallbackSocial,
        params: { platform: consolePlatform, socialProvider: provider },
        query: result,
      },
    };
  if (values.flow === 'global' || values.flow === 'simpleGlobal')
    return {
      kind: 'go',
      target: {
        route: routes.globalCallbackSocial,
        params: { socialProvider: provider },
        query: { ...result, ...(values.flow === 'simpleGlobal' ? { simple: 'true' } : {}), platform: values.platform },
      },
    };
  return {
    kind: 'go',
    target: {
      route: routes.loginTpa,
      params: { socialProvider: provider },
      query: { ...result, return_url: values.returnUrl, unified: values.unified === true ? 'true' : undefined },
    },
  };
}
