/**
 * The relying parties this provider serves (docs/identity-provider.md "Clients"):
 *
 * - config clients: the publisher's own launcher, website and console app, per region, first-party (no consent
 *   screen) and public (PKCE only: an installed app or a browser cannot keep a secret);
 * - dev clients (DEV_TOOLS only): the dev relying party at /api/dev/oidc-rp, a third-party client (so the consent
 *   screen shows), and the dev console of the device flow; their URIs are on this API's own allowed origins;
 * - registered clients: rows of oidc_clients written by `npm run clients:add`; confidential ones keep only the
 *   SHA-256 of their secret.
 *
 * Client ids 1888–1890 are the spec §9 ids that trigger a tracking event.
 */
import type { RegionId } from '../../src/regions/ids';
import type { Db } from '../core/db/engine';
import type { Settings } from '../core/env';
import { findClientRow } from './data';
import { DEFAULT_SIGNING_ALG, SIGNING_ALGS, type SigningAlg } from './config';
import { DEV_PREFIX } from '../dev/routes';

export interface OidcClient {
  clientId: string;
  name: string;
  /** Shown on the consent screen: where the player can see who is asking. */
  site: string;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
  /** SHA-256 hex of the secret; null: a public client (PKCE is its only proof). */
  secretHash: string | null;
  firstParty: boolean;
  /** May use the device authorization grant (RFC 8628). */
  deviceFlow: boolean;
  /** What its ID and access tokens are signed with (`id_token_signed_response_alg`). */
  idTokenAlg: SigningAlg;
  /**
   * OIDC Core §8: `public` (the account id, the same for every such client) or `pairwise` (./subject.ts: a
   * different, unlinkable sub per sector). Config clients are the publisher's own and stay public.
   */
  subjectType: 'public' | 'pairwise';
  /** The host pairwise subs are computed for: one for a publisher's family of sites (null: public). */
  sectorIdentifier: string | null;
  /** OIDC Back-Channel Logout 1.0: where its logout tokens go (null: it is not told). */
  backchannelLogoutUri: string | null;
  /** Its logout tokens (and ID tokens) must carry `sid`; they always do here, so this is the client's wish only. */
  backchannelLogoutSessionRequired: boolean;
  /** The scopes it may ask for with the client_credentials grant (a confidential back end; empty: not allowed). */
  clientCredentialsScopes: readonly string[];
  /** RFC 9126 §6: its authorization requests must come through a push (./par.ts); a confidential client's choice. */
  requirePushedRequests: boolean;
}

/**
 * What no configured client has: back-channel logout, the client_credentials grant and required pushed requests
 * are for registered (confidential) ones.
 */
const NO_BACK_END = {
  backchannelLogoutUri: null,
  backchannelLogoutSessionRequired: false,
  clientCredentialsScopes: [],
  requirePushedRequests: false,
} as const;

const publisher = (
  c: Omit<
    OidcClient,
    'secretHash' | 'firstParty' | 'idTokenAlg' | 'subjectType' | 'sectorIdentifier' | keyof typeof NO_BACK_END
  >,
): OidcClient => ({
  ...c,
  ...NO_BACK_END,
  secretHash: null,
  firstParty: true,
  idTokenAlg: DEFAULT_SIGNING_ALG,
  subjectType: 'public',
  sectorIdentifier: null,
});

const LAUNCHER = publisher({
  clientId: '1888',
  name: 'Lumenforge Launcher',
  site: 'https://www.lumenforge.com/launcher',
  // RFC 8252 §7.3: a native app receives the code on a loopback redirect; any port matches (authorize-request.ts).
  redirectUris: ['http://127.0.0.1:47120/callback'],
  postLogoutRedirectUris: [],
  deviceFlow: false,
});
const WEBSITE = publisher({
  clientId: '1889',
  name: 'Lumenforge',
  site: 'https://www.lumenforge.com',
  redirectUris: ['https://www.lumenforge.com/auth/callback'],
  postLogoutRedirectUris: ['https://www.lumenforge.com/'],
  deviceFlow: false,
});
const CONSOLE_APP = publisher({
  clientId: '1890',
  name: 'Lumenforge for consoles',
  site: 'https://www.lumenforge.com/consoles',
  redirectUris: [],
  postLogoutRedirectUris: [],
  deviceFlow: true,
});

/** Config clients per region: the website signs in on global only; every region has the launcher and consoles. */
const CONFIG_CLIENTS: Record<RegionId, readonly OidcClient[]> = {
  global: [LAUNCHER, WEBSITE, CONSOLE_APP],
  th: [LAUNCHER, CONSOLE_APP],
  tw: [LAUNCHER, CONSOLE_APP],
  sea: [LAUNCHER, CONSOLE_APP],
  japan: [LAUNCHER, CONSOLE_APP],
  one: [LAUNCHER, CONSOLE_APP],
};

export const DEV_RP_PATH = `${DEV_PREFIX}/oidc-rp`;
export const DEV_RP_CLIENT_ID = 'dev-rp';
export const DEV_CONSOLE_CLIENT_ID = 'dev-console';

function devClients(allowedOrigins: readonly string[]): OidcClient[] {
  return [
    {
      clientId: DEV_RP_CLIENT_ID,
      name: 'Dev test relying party',
      site: allowedOrigins[0] ?? 'http://localhost',
      redirectUris: allowedOrigins.map((o) => `${o}${DEV_RP_PATH}/callback`),
      postLogoutRedirectUris: allowedOrigins.map((o) => `${o}${DEV_RP_PATH}`),
      secretHash: null,
      firstParty: false,
      deviceFlow: false,
      idTokenAlg: DEFAULT_SIGNING_ALG,
      subjectType: 'public',
      sectorIdentifier: null,
      ...NO_BACK_END,
    },
    {
      clientId: DEV_CONSOLE_CLIENT_ID,
      name: 'Dev console simulator',
      site: allowedOrigins[0] ?? 'http://localhost',
      redirectUris: [],
      postLogoutRedirectUris: [],
      secretHash: null,
      firstParty: false,
      deviceFlow: true,
      idTokenAlg: DEFAULT_SIGNING_ALG,
      subjectType: 'public',
      sectorIdentifier: null,
      ...NO_BACK_END,
    },
  ];
}

const stringList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export async function findClient(db: Db, settings: Settings, clientId: string): Promise<OidcClient | null> {
  const configured = [
    ...CONFIG_CLIENTS[settings.region.id],
    ...(settings.devTools ? devClients(settings.allowedOrigins) : []),
  ].find((c) => c.clientId === clientId);
  if (configured !== undefined) return configured;
  const row = await findClientRow(db, clientId);
  if (row === null) return null;
  return {
    clientId: row.client_id,
    name: row.name,
    site: row.site,
    redirectUris: stringList(row.redirect_uris),
    postLogoutRedirectUris: stringList(row.post_logout_redirect_uris),
    secretHash: row.secret_hash,
    firstParty: row.first_party === 1,
    deviceFlow: row.device_flow === 1,
    idTokenAlg: (SIGNING_ALGS as readonly string[]).includes(row.id_token_signed_response_alg)
      ? (row.id_token_signed_response_alg as SigningAlg)
      : DEFAULT_SIGNING_ALG,
    // A pairwise client without a sector would have no stable sub: the migration and the CLI never write one.
    subjectType: row.subject_type === 'pairwise' && row.sector_identifier !== null ? 'pairwise' : 'public',
    sectorIdentifier: row.sector_identifier,
    backchannelLogoutUri: row.backchannel_logout_uri,
    backchannelLogoutSessionRequired: row.backchannel_logout_session_required === 1,
    clientCredentialsScopes: (row.client_credentials_scopes ?? '').split(' ').filter(Boolean),
    requirePushedRequests: row.require_pushed_authorization_requests === 1 && row.secret_hash !== null,
  };
}
