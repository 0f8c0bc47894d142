#!/usr/bin/env node
/**
 * npm run clients:add: registers a relying party of the identity provider (docs/identity-provider.md "Clients").
 *
 *   npm run clients:add -- --name "Forge Wiki" --site https://wiki.example --redirect-uri https://wiki.example/cb \
 *     [--redirect-uri …] [--post-logout-uri https://wiki.example/] [--confidential] [--first-party] [--device]
 *     [--id-token-alg ES256|RS256] [--subject-type pairwise|public] [--sector-identifier HOST]
 *
 * Prints client_id (and, for --confidential, client_secret: shown once, stored only as its SHA-256). A client
 * without --confidential is public: PKCE is its only proof. --first-party skips the consent screen (only for the
 * publisher's own apps). --device allows the console activation flow (RFC 8628). --id-token-alg: what its tokens are
 * signed with (default ES256; RS256 for SDKs that only know it). --subject-type: pairwise (the default: a sub of
 * its own per sector, OIDC Core §8) or public (the account id); --sector-identifier: the host the pairwise subs
 * are computed for, shared by a publisher's family of sites (default: the one host of the redirect URIs, else
 * the site's host).
 * Options: --persist DIR (the local D1 of `npm start`, default .wrangler/state), --json (machine-readable output);
 * production: --remote --database-id ID (wrangler's remote bindings, after `npx wrangler login`); on PostgreSQL
 * (README "Deploying on PostgreSQL"): --database-url postgres://… (or DB_ENGINE=postgres with DATABASE_URL).
 * The row is written by the server's own data access (server/oidc/data.ts registerClient), bundled here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importServerModules } from './lib.mjs';

const USAGE = `usage: npm run clients:add -- --name NAME --site URL [--redirect-uri URI …] [--post-logout-uri URI …]
       [--confidential] [--first-party] [--device] [--id-token-alg ES256|RS256]
       [--subject-type pairwise|public] [--sector-identifier HOST]
       [--persist DIR] [--remote --database-id ID] [--database-url postgres://…] [--json]`;

const { values } = parseArgs({
  options: {
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
    persist: { type: 'string', default: '.wrangler/state' },
    remote: { type: 'boolean', default: false },
    'database-id': { type: 'string' },
    'database-url': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

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

if (!/^https:\/\//.test(site)) fail('--site must be an https URL (it is shown to players on the consent screen)');

const clientId = randomBytes(12).toString('base64url');
const secret = values.confidential ? randomBytes(32).toString('base64url') : null;
const secretHash = secret === null ? null : createHash('sha256').update(secret).digest('hex');

const { getPlatformProxy } = await import('wrangler');

async function platform() {
  if (!values.remote)
    return getPlatformProxy({ persist: { path: join(values.persist, 'v3') }, remoteBindings: false, envFiles: [] });
  const id = values['database-id'];
  if (!id) fail('--remote needs --database-id (the id `wrangler d1 create` printed for the region)');
  const work = mkdtempSync(join(tmpdir(), 'clients-add-'));
  const configPath = join(work, 'wrangler.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      name: 'clients-add',
      compatibility_date: '2026-11-01',
      d1_databases: [{ binding: 'DB', database_name: 'account-portal', database_id: id, remote: true }],
    }),
  );
  const proxy = await getPlatformProxy({ configPath, remoteBindings: true, persist: false });
  return { ...proxy, dispose: () => proxy.dispose().finally(() => rmSync(work, { recursive: true, force: true })) };
}

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
};

// The server's data access, bundled from TypeScript: the CLI writes through the same engine layer as the API.
const server = await importServerModules(`
      export { registerClient } from './server/oidc/data.ts';
      export { d1Db } from './server/core/db/d1.ts';
      export { postgresDb } from './server/core/db/postgres.ts';
    `);

const databaseUrl =
  values['database-url'] ?? (process.env.DB_ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined);
if (databaseUrl !== undefined) {
  if (values.remote) fail('--database-url and --remote name two databases: give one');
  const db = server.postgresDb(databaseUrl, { max: 1 });
  try {
    await server.registerClient(db, row);
  } finally {
    await db.close();
  }
} else {
  const proxy = await platform();
  try {
    await server.registerClient(server.d1Db(proxy.env.DB), row);
  } finally {
    await proxy.dispose();
  }
}

if (values.json) console.log(JSON.stringify({ client_id: clientId, client_secret: secret }));
else {
  console.log(`client_id:     ${clientId}`);
  if (secret !== null) console.log(`client_secret: ${secret}   (shown once: only its SHA-256 is stored)`);
  else console.log('public client: PKCE (S256) is its only proof');
}
