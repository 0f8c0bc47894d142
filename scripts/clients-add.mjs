#!/usr/bin/env node
/**
 * npm run clients:add: registers a relying party of the identity provider (docs/identity-provider.md "Clients").
 *
 *   npm run clients:add -- --name "Forge Wiki" --site https://wiki.example --redirect-uri https://wiki.example/cb \
 *     [--redirect-uri …] [--post-logout-uri https://wiki.example/] [--confidential] [--first-party] [--device]
 *     [--id-token-alg ES256|RS256] [--subject-type pairwise|public] [--sector-identifier HOST]
 *     [--backchannel-logout-uri URI [--backchannel-logout-session-required]] [--client-credentials-scope SCOPE …]
 *     [--require-pushed-authorization-requests]
 *
 * Prints client_id (and, for --confidential, client_secret: shown once, stored only as its SHA-256). A client
 * without --confidential is public: PKCE is its only proof. --first-party skips the consent screen (only for the
 * publisher's own apps). --device allows the console activation flow (RFC 8628). --id-token-alg: what its tokens are
 * signed with (default ES256; RS256 for SDKs that only know it). --subject-type: pairwise (the default: a sub of
 * its own per sector, OIDC Core §8) or public (the account id); --sector-identifier: the host the pairwise subs
 * are computed for, shared by a publisher's family of sites (default: the one host of the redirect URIs, else
 * the site's host). --backchannel-logout-uri: where the client is told, with a logout token (OIDC Back-Channel
 * Logout 1.0), that its player's sign-in ended (https, or http on a loopback host). --client-credentials-scope: a
 * scope the client may ask for with the client_credentials grant (repeat it; confidential clients only).
 * --require-pushed-authorization-requests: the client's authorization requests must come through a push (RFC 9126
 * §6; confidential clients only), so none can be sent, or altered, through the browser.
 * Options: --persist DIR (the local D1 of `npm start`, default .wrangler/state), --json (machine-readable output);
 * production: --remote --database-id ID (wrangler's remote bindings, after `npx wrangler login`); on PostgreSQL
 * (README "Deploying on PostgreSQL"): --database-url postgres://… (or DB_ENGINE=postgres with DATABASE_URL).
 * The row is written by the server's own data access (server/oidc/data.ts registerClient), bundled here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { importServerModules, operatorCommand, withOperatorDb } from './lib.mjs';

const USAGE = `usage: npm run clients:add -- --name NAME --site URL [--redirect-uri URI …] [--post-logout-uri URI …]
       [--confidential] [--first-party] [--device] [--id-token-alg ES256|RS256]
       [--subject-type pairwise|public] [--sector-identifier HOST]
       [--backchannel-logout-uri URI [--backchannel-logout-session-required]] [--client-credentials-scope SCOPE …]
       [--require-pushed-authorization-requests]
       [--persist DIR] [--remote --database-id ID] [--database-url postgres://…] [--json]`;

const command = operatorCommand(USAGE, {
  name: { type: 'string' },
  site: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true, default: [] },
  'post-logout-uri': { type: 'string', multiple: true, default: [] },
  confidential: { type: 'boolean', default: false },
  'first-party': { type: 'boolean', default: false },
  device: { type: 'boolean', default: false },
  'id-token-alg': { type: 'string', default: 'ES256' },
  'subject-type': { type: 'string', default: 'pairwise' },
  'sector-identifier': { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  'backchannel-logout-session-required': { type: 'boolean', default: false },
  'client-credentials-scope': { type: 'string', multiple: true, default: [] },
  'require-pushed-authorization-requests': { type: 'boolean', default: false },
});
const { values, fail } = command;

/** An exact redirect URI: absolute, no fragment (RFC 6749 §3.1.2); https, or http on a loopback host, or an app scheme. */
function checkUri(uri, what) {
  let url;
  try {
    url = new URL(uri);
  } catch {
    fail(`${what} ${uri} is not an absolute URI`);
  }
  if (url.hash !== '') fail(`${what} ${uri} has a fragment`);
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback) fail(`${what} ${uri}: http is allowed for loopback hosts only`);
  // RFC 8252 §7.1: an app's own scheme is a reverse domain name (com.example.app:/cb); never javascript:, data:….
  if (url.protocol !== 'https:' && url.protocol !== 'http:' && !/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/.test(url.protocol))
    fail(`${what} ${uri}: use https, http on a loopback host, or an app scheme in reverse-domain form`);
  return uri;
}

const name = values.name?.trim();
if (!name || name.length > 80) fail('--name is required (at most 80 characters)');
if (!values.site) fail('--site is required');
const site = checkUri(values.site, '--site');
const redirectUris = values['redirect-uri'].map((u) => checkUri(u, '--redirect-uri'));
const postLogoutUris = values['post-logout-uri'].map((u) => checkUri(u, '--post-logout-uri'));
if (redirectUris.length === 0 && !values.device) fail('give at least one --redirect-uri (or --device)');

const idTokenAlg = values['id-token-alg'];
if (idTokenAlg !== 'ES256' && idTokenAlg !== 'RS256') fail('--id-token-alg is ES256 or RS256');

const subjectType = values['subject-type'];
if (subjectType !== 'pairwise' && subjectType !== 'public') fail('--subject-type is pairwise or public');
/** OIDC Core §8.1: the sector is a host; several redirect hosts need one named for them. */
function sectorOf() {
  const given = values['sector-identifier'];
  if (given !== undefined) {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(given))
      fail('--sector-identifier is a host name, e.g. lumenforge.com');
    return given;
  }
  const hosts = [...new Set(redirectUris.map((u) => new URL(u).hostname))];
  if (hosts.length > 1) fail('redirect URIs on several hosts: give --sector-identifier (their shared sector)');
  return hosts[0] ?? new URL(site).hostname;
}
const sector = subjectType === 'pairwise' ? sectorOf() : null;

const backchannel = values['backchannel-logout-uri'];
if (backchannel !== undefined) {
  const url = new URL(checkUri(backchannel, '--backchannel-logout-uri'));
  // The provider's server POSTs there: a web URL, never an app scheme.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('--backchannel-logout-uri must be https');
}
if (values['backchannel-logout-session-required'] && backchannel === undefined)
  fail('--backchannel-logout-session-required needs --backchannel-logout-uri');
/** Scopes of a publisher's API: RFC 6749 §3.3 scope-tokens, not the OpenID ones (they name a player). */
const ccScopes = [...new Set(values['client-credentials-scope'])];
for (const scope of ccScopes)
  if (!/^[\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(scope) || ['openid', 'profile', 'email'].includes(scope))
    fail(`--client-credentials-scope ${scope}: a scope of the publisher's API (not openid, profile or email)`);
if (ccScopes.length > 0 && !values.confidential) fail('--client-credentials-scope needs --confidential');
// Only a client that authenticates can push (server/oidc/par.ts).
if (values['require-pushed-authorization-requests'] && !values.confidential)
  fail('--require-pushed-authorization-requests needs --confidential');

if (!/^https:\/\//.test(site)) fail('--site must be an https URL (it is shown to players on the consent screen)');

const clientId = randomBytes(12).toString('base64url');
const secret = values.confidential ? randomBytes(32).toString('base64url') : null;
const secretHash = secret === null ? null : createHash('sha256').update(secret).digest('hex');

const row = {
  client_id: clientId,
  name,
  site,
  redirect_uris: JSON.stringify(redirectUris),
  post_logout_redirect_uris: JSON.stringify(postLogoutUris),
  secret_hash: secretHash,
  first_party: values['first-party'] ? 1 : 0,
  device_flow: values.device ? 1 : 0,
  created_at: Date.now(),
  id_token_signed_response_alg: idTokenAlg,
  subject_type: subjectType,
  sector_identifier: sector,
  backchannel_logout_uri: backchannel ?? null,
  backchannel_logout_session_required: values['backchannel-logout-session-required'] ? 1 : 0,
  client_credentials_scopes: ccScopes.length === 0 ? null : ccScopes.join(' '),
  require_pushed_authorization_requests: values['require-pushed-authorization-requests'] ? 1 : 0,
};

// The server's data access, bundled from TypeScript: the CLI writes through the same engine layer as the API.
const server = await importServerModules(`
      export { registerClient } from './server/oidc/data.ts';
      export { d1Db } from './server/core/db/d1.ts';
      export { postgresDb } from './server/core/db/postgres.ts';
    `);

await withOperatorDb({ ...command, server, name: 'clients-add' }, (db) => server.registerClient(db, row));

if (values.json) console.log(JSON.stringify({ client_id: clientId, client_secret: secret }));
else {
  console.log(`client_id:     ${clientId}`);
  if (secret !== null) console.log(`client_secret: ${secret}   (shown once: only its SHA-256 is stored)`);
  else console.log('public client: PKCE (S256) is its only proof');
}
