/**
 * add-child/login after a child's provider sign-in (spec §4 step 5 "third-party login ends at add-child-complete";
 * docs/parental-setup.md): the callback brought the provider's code and state here (started with actionType
 * childLogin). This sets the third-party session of the child's identity (tpa-session-cookie) and adds the child
 * with it (POST /parental/child/login/tpa); the parent's session stays the browser's. Loaded only when the page
 * has a code.
 */
import { tpaSessionCookie } from '../../../client/api/launcher-login';
import { childTpaLogin } from '../../../client/api/parental';
import { settle, type ApiResult } from '../../../client/http/settle';
import { isSocialProvider, KNOWN_PROVIDERS, type SocialProvider } from '../../social/providers';

export interface ChildCallback {
  readonly provider: SocialProvider;
  readonly code: string;
  readonly state: string;
}

/** Reads the one-time code, state and provider, and takes them off the URL: a reload must not spend them again. */
export function takeChildCallback(): ChildCallback | undefined {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const state = query.get('state');
  const provider = query.get('provider') ?? undefined;
  for (const key of ['code', 'state', 'provider']) query.delete(key);
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  if (code === null || state === null || !isSocialProvider(provider, KNOWN_PROVIDERS)) return undefined;
  return { provider, code, state };
}

export async function addChildByProvider(cb: ChildCallback): Promise<ApiResult<{ globalUserNo: number }>> {
  const [failed] = await settle(tpaSessionCookie({ tpaType: cb.provider, code: cb.code, state: cb.state }));
  if (failed) return [failed, undefined];
  return settle(childTpaLogin());
}
