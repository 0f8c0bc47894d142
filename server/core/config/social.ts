/**
 * Where each provider lives and how the API is registered with it (docs/social.md "Environment").
 *
 * Production: the providers' public endpoints, the client id and secret from env (SOCIAL_{P}_CLIENT_ID,
 * SOCIAL_{P}_CLIENT_SECRET; Apple signs its secret per request from SOCIAL_APPLE_TEAM_ID / _KEY_ID /
 * _PRIVATE_KEY). Dev mode (DEV_TOOLS) with SOCIAL_DEV_ISSUER: every OAuth/OIDC provider is the local
 * OpenID provider (scripts/dev-idp.mjs) under its own client, so issuer and audience checks stay real.
 */
import type { SocialProvider } from '../../../src/shared/contract/social';
import type { RegionConfig } from '../../../src/regions/schema';
/** The bindings this module reads by name: any bindings object (the app's Env) fits; importing Env would close a cycle with env.ts. */
type Env = object;

export type OAuthProvider = Exclude<SocialProvider, 'steam'>;

/** oidc: an ID token (JWKS-verified) names the player; userinfo: plain OAuth 2.0, the userinfo call does. */
export type ProviderKind = 'oidc' | 'userinfo';

export interface ProviderEndpoints {
  issuer: string;
  kind: ProviderKind;
  scope: string;
  /** Static endpoints for providers without discovery; absent: OpenID discovery from the issuer. */
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  /** Apple posts the response (form_post) to the API instead of redirecting with a query. */
  formPost?: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'post' | 'basic';
}

/** The providers' production endpoints (their public documentation). */
export const PRODUCTION_ENDPOINTS: Record<OAuthProvider, ProviderEndpoints> = {
  google: { issuer: 'https://accounts.google.com', kind: 'oidc', scope: 'openid email profile', clientAuth: 'post' },
  apple: {
    issuer: 'https://appleid.apple.com',
    kind: 'oidc',
    scope: 'name email',
    formPost: true,
    clientAuth: 'post',
  },
  facebook: { issuer: 'https://www.facebook.com', kind: 'oidc', scope: 'openid email', clientAuth: 'post' },
  line: { issuer: 'https://access.line.me', kind: 'oidc', scope: 'openid profile email', clientAuth: 'post' },
  kakao: { issuer: 'https://kauth.kakao.com', kind: 'oidc', scope: 'openid account_email', clientAuth: 'post' },
  twitch: {
    issuer: 'https://id.twitch.tv/oauth2',
    kind: 'userinfo',
    scope: 'openid user:read:email',
    authorizationEndpoint: 'https://id.twitch.tv/oauth2/authorize',
    tokenEndpoint: 'https://id.twitch.tv/oauth2/token',
    userinfoEndpoint: 'https://id.twitch.tv/oauth2/userinfo',
    clientAuth: 'post',
  },
  discord: {
    issuer: 'https://discord.com',
    kind: 'userinfo',
    scope: 'identify email',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    clientAuth: 'post',
  },
  twitter: {
    issuer: 'https://twitter.com',
    kind: 'userinfo',
    scope: 'users.read tweet.read',
    authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.twitter.com/2/users/me',
    clientAuth: 'basic',
  },
};

/** The local provider's client of each provider (scripts/dev-idp.mjs registers the same). */
export function devClientId(provider: OAuthProvider): string {
  return `lf-${provider}`;
}
export function devClientSecret(provider: OAuthProvider): string {
  return `dev-only-secret-${provider}-not-for-production`;
}

export type ClientCredentials =
  | { kind: 'secret'; clientId: string; secret: string }
  | { kind: 'apple'; clientId: string; teamId: string; keyId: string; privateKey: string };

export interface ProviderConfig {
  provider: OAuthProvider;
  endpoints: ProviderEndpoints;
  credentials: ClientCredentials;
  /** The local provider (http on loopback): oauth4webapi's https rule is relaxed for it only. */
  local: boolean;
  /** Which userinfo shape to read: the provider's own, or standard OIDC claims (the local provider). */
  userinfoShape: OAuthProvider | 'oidc';
}

type Vars = Record<string, unknown>;

function envName(provider: OAuthProvider, suffix: string): string {
  return `SOCIAL_${provider.toUpperCase()}_${suffix}`;
}

function read(env: Env, name: string): string | undefined {
  const value = (env as unknown as Vars)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The dev issuer: only on loopback, only with the dev tools (the caller checks devTools). */
export function devIssuer(env: Env): string | null {
  const issuer = read(env, 'SOCIAL_DEV_ISSUER');
  if (issuer === undefined) return null;
  const url = new URL(issuer);
  if (url.protocol !== 'http:' || !/^(127\.0\.0\.1|localhost)$/.test(url.hostname))
    throw new Error('SOCIAL_DEV_ISSUER must be an http loopback URL');
  return issuer;
}

function credentialsOf(env: Env, provider: OAuthProvider): ClientCredentials | null {
  const clientId = read(env, envName(provider, 'CLIENT_ID'));
  if (clientId === undefined) return null;
  if (provider === 'apple') {
    const teamId = read(env, 'SOCIAL_APPLE_TEAM_ID');
    const keyId = read(env, 'SOCIAL_APPLE_KEY_ID');
    const privateKey = read(env, 'SOCIAL_APPLE_PRIVATE_KEY');
    if (teamId === undefined || keyId === undefined || privateKey === undefined) return null;
    return { kind: 'apple', clientId, teamId, keyId, privateKey };
  }
  const secret = read(env, envName(provider, 'CLIENT_SECRET'));
  return secret === undefined ? null : { kind: 'secret', clientId, secret };
}

/**
 * The provider's configuration, or null when it is not usable here (not enabled in the region, or no
 * credentials: production lists that in `socialProblems`, so a deployment missing them never serves).
 */
export function providerConfig(
  env: Env,
  region: RegionConfig,
  devTools: boolean,
  provider: OAuthProvider,
): ProviderConfig | null {
  if (!region.socialProviders.includes(provider)) return null;
  const local = devTools ? devIssuer(env) : null;
  if (local !== null) {
    const base = PRODUCTION_ENDPOINTS[provider];
    return {
      provider,
      // Every provider is the local one; its kind is kept, so the userinfo providers use the userinfo call.
      endpoints: {
        issuer: local,
        kind: base.kind,
        scope: 'openid email profile',
        clientAuth: base.clientAuth,
        ...(base.formPost === true ? { formPost: true } : {}),
      },
      credentials: { kind: 'secret', clientId: devClientId(provider), secret: devClientSecret(provider) },
      local: true,
      userinfoShape: 'oidc',
    };
  }
  const credentials = credentialsOf(env, provider);
  if (credentials === null) return null;
  const endpoints = { ...PRODUCTION_ENDPOINTS[provider] };
  const issuer = read(env, envName(provider, 'ISSUER'));
  if (issuer !== undefined) endpoints.issuer = issuer;
  return { provider, endpoints, credentials, local: false, userinfoShape: provider };
}

/** Production: every enabled provider needs its credentials (the deployment guard refuses to serve otherwise). */
export function socialProblems(env: Env, region: RegionConfig): string[] {
  const problems: string[] = [];
  for (const provider of region.socialProviders) {
    if (provider === 'steam') {
      if (read(env, 'STEAM_WEB_API_KEY') === undefined)
        problems.push('STEAM_WEB_API_KEY is not set: the PC store sign-in needs it for the persona name');
      continue;
    }
    if (credentialsOf(env, provider) === null)
      problems.push(
        provider === 'apple'
          ? 'SOCIAL_APPLE_CLIENT_ID, SOCIAL_APPLE_TEAM_ID, SOCIAL_APPLE_KEY_ID and SOCIAL_APPLE_PRIVATE_KEY are not all set'
          : `${envName(provider, 'CLIENT_ID')} and ${envName(provider, 'CLIENT_SECRET')} are not set`,
      );
  }
  return problems;
}

/** The PC store's OpenID 2.0 endpoint: the local stand-in in dev, the store's otherwise. */
export function steamConfig(
  env: Env,
  region: RegionConfig,
  devTools: boolean,
): { endpoint: string; apiKey: string | null; local: boolean } | null {
  if (!region.socialProviders.includes('steam')) return null;
  const local = devTools ? devIssuer(env) : null;
  if (local !== null) return { endpoint: `${local.replace(/\/$/, '')}/steam/openid/login`, apiKey: null, local: true };
  return {
    endpoint: read(env, 'STEAM_OPENID_ENDPOINT') ?? 'https://steamcommunity.com/openid/login',
    apiKey: read(env, 'STEAM_WEB_API_KEY') ?? null,
    local: false,
  };
}
