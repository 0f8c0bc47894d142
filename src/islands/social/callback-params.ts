/**
 * The provider's answer on a callback URL (spec §2 "Social callback behaviour"): the code (or token), `state` and
 * a refusal, from the query or the hash. Its own module, without the state decoder's schema, so a console's
 * callback screen (../platform/PlatformSocialCallback.tsx) reads them at start without loading zod.
 */
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
