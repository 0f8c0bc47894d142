/**
 * Where a provider button goes: the API's start endpoint (src/shared/contract/social.ts tpaStartQuery), which
 * binds `state`, `nonce` and the PKCE verifier to this browser and answers with a redirect to the provider
 * (docs/social.md). What the callback needs afterwards (action, flow, mode, locale, client code, return URL)
 * travels inside `state`, so the start URL carries it as query values.
 */
import region from '@region';
import type { TpaStartQuery } from '../../shared/contract/social';
import type { SocialProvider } from './providers';

export type StartOptions = Pick<
  TpaStartQuery,
  'locale' | 'actionType' | 'flow' | 'mode' | 'clientId' | 'returnUrl' | 'platform'
> & {
  /** The unified call variants (spec §2): the page is unified or carries the unified flag. */
  readonly unified?: boolean | undefined;
};

export function socialStartHref(provider: SocialProvider, options: StartOptions): string {
  const query = new URLSearchParams({ locale: options.locale });
  if (options.actionType !== undefined && options.actionType !== 'login') query.set('actionType', options.actionType);
  if (options.flow !== undefined && options.flow !== 'portal') query.set('flow', options.flow);
  if (options.mode !== undefined && options.mode !== 'web') query.set('mode', options.mode);
  if (options.clientId !== undefined) query.set('clientId', options.clientId);
  if (options.returnUrl !== undefined) query.set('returnUrl', options.returnUrl);
  if (options.platform !== undefined) query.set('platform', options.platform);
  if (options.unified === true) query.set('unified', '1');
  return `${region.api.account}/no-auth/tpa/${provider}/start?${query.toString()}`;
}
