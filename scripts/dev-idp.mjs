#!/usr/bin/env node
/**
 * The local sign-in provider of dev mode (docs/social.md "Local provider"): a real OpenID provider
 * (oidc-provider 9) on loopback that stands in for every OAuth/OIDC social provider, each under its own
 * client (lf-{provider}), so the API's issuer, audience, nonce, PKCE and signature checks are real; plus
 * a small OpenID 2.0 stand-in for the PC store (signed assertions, check_authentication, persona names).
 *
 *   node scripts/dev-idp.mjs --port 8793          (npm start and the e2e harness start it from serve.mjs)
 *   import { startDevIdp } from './dev-idp.mjs'   (the API tests' global setup)
 *
 * Its sign-in page lets a person pick a test identity (with or without an email, already linked in the
 * seed, new, one whose email is a seeded account's) or type one. Never for production: secrets are fixed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

export const OAUTH_PROVIDERS = ['facebook', 'google', 'apple', 'twitch', 'discord', 'twitter', 'line', 'kakao'];
/** Same values as server/core/config/social.ts devClientId / devClientSecret. */
export const devClientId = (p) => `lf-${p}`;
export const devClientSecret = (p) => `dev-only-secret-${p}-not-for-production`;
const BASIC_AUTH = new Set(['twitter']);

/**
 * Preset identities. `linked-player`, `social-only` and `legacy-player` are linked in the seed (scripts/seed.mjs);
 * `existing-email` carries the seeded password account's email (social-link case 1).
 */
export const TEST_IDENTITIES = [
  { sub: 'new-player', email: 'new.social.player@example.test', email_verified: true, name: 'New Player' },
  { sub: 'no-email-player', name: 'No Email Player' },
  { sub: 'linked-player', email: 'linked@demo.lumenforge.test', email_verified: true, name: 'Linked Player' },
  { sub: 'social-only', email: 'socialonly@demo.lumenforge.test', email_verified: true, name: 'Social Only' },
  { sub: 'existing-email', email: 'player@demo.lumenforge.test', email_verified: true, name: 'Existing Email' },
  // Linked in the seed to the legacy account `legacysocial` (docs/legacy.md "Through a third-party sign-in").
  { sub: 'legacy-player', email: 'legacy.player@example.test', email_verified: true, name: 'Legacy Player' },
];
/** PC store identities: 17-digit IDs (spec §5). The first is linked in the seed. */
export const STEAM_IDENTITIES = [
  { steamid: '76561197960287930', personaname: 'SeededSteamPlayer' },
  { steamid: '76561197960287931', personaname: 'NewSteamPlayer' },
];

const CALLBACK = /^\/account\/[a-z]{2}\/login\/callback\/([a-z]+)$/;
const APPLE_POST = '/api/account/v1/no-auth/tpa/apple/callback';
const STEAM_SECRET = randomBytes(32);

/** Accounts typed on the page live as long as the process. */
const typed = new Map();

function identityOf(id) {
  return typed.get(id) ?? TEST_IDENTITIES.find((i) => i.sub === id);
}

function isLoopback(url) {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function escape(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width"><style>body{font:16px system-ui;max-width:36rem;margin:2rem auto;padding:0 1rem}
button{display:block;width:100%;margin:.4rem 0;padding:.6rem;font:inherit;text-align:left}label{display:block;margin:.5rem 0}
input{font:inherit;width:100%}</style></head><body><main>${body}</main></body></html>`;
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (d) => {
      data += d;
      if (data.length > 16_384) reject(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(data)));
    req.on('error', reject);
  });
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

function oidcConfiguration() {
  return {
    clients: OAUTH_PROVIDERS.map((p) => ({
      client_id: devClientId(p),
      client_secret: devClientSecret(p),
      client_name: `Lumenforge (${p})`,
      // Any loopback portal origin is accepted (redirectUriAllowed below); this one satisfies registration.
      redirect_uris: [`http://localhost/account/en/login/callback/${p}`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: BASIC_AUTH.has(p) ? 'client_secret_basic' : 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The social providers put email and name in the ID token; so does this stand-in.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    responseModes: undefined,
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const identity = identityOf(id);
      if (!identity) return undefined;
      return {
        accountId: id,
        async claims() {
          const claims = { sub: identity.sub, name: identity.name };
          if (identity.email) Object.assign(claims, { email: identity.email, email_verified: identity.email_verified });
          return claims;
        },
      };
    },
    // No consent screen: every client is the portal itself.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  };
}

function pickPage(uid, clientId) {
  const buttons = TEST_IDENTITIES.map(
    (i) =>
      `<form method="post" action="/interaction/${uid}/login"><input type="hidden" name="sub" value="${escape(i.sub)}">` +
      `<button type="submit">${escape(i.name)} — ${escape(i.email ?? 'no email')}</button></form>`,
  ).join('');
  return page(
    'Local sign-in provider',
    `<h1>Local sign-in provider</h1><p>Signing in to <strong>${escape(clientId)}</strong>. Pick a test identity:</p>${buttons}
<h2>Or type one</h2><form method="post" action="/interaction/${uid}/login">
<label>Subject (provider user id)<input name="sub" required pattern="[A-Za-z0-9._-]{1,64}"></label>
<label>Email (optional)<input name="email" type="email"></label>
<label><input type="checkbox" name="email_verified" value="true" checked style="width:auto"> Email verified</label>
<label>Name<input name="name" value="Test Player"></label><button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
  );
}

function steamSignature(fields) {
  const signed = fields.get('openid.signed') ?? '';
  const text = signed
    .split(',')
    .map((k) => `${k}:${fields.get(`openid.${k}`) ?? ''}\n`)
    .join('');
  return createHmac('sha256', STEAM_SECRET).update(text).digest('base64');
}

async function steamRoutes(req, res, url, issuer) {
  const endpoint = `${issuer}/steam/openid/login`;
  if (url.pathname === '/steam/openid/login' && req.method === 'GET') {
    const returnTo = url.searchParams.get('openid.return_to') ?? '';
    if (url.searchParams.get('openid.mode') !== 'checkid_setup' || !isLoopback(new URL(returnTo)))
      return send(res, 400, 'text/plain', 'bad request');
    const buttons = STEAM_IDENTITIES.map(
      (s) =>
        `<form method="post" action="/steam/openid/login"><input type="hidden" name="return_to" value="${escape(returnTo)}">` +
        `<input type="hidden" name="steamid" value="${s.steamid}"><button type="submit">${escape(s.personaname)} (${s.steamid})</button></form>`,
    ).join('');
    return send(res, 200, 'text/html', page('Local PC store sign-in', `<h1>Local PC store sign-in</h1>${buttons}`));
  }
  if (url.pathname === '/steam/openid/login' && req.method === 'POST') {
    const form = await readForm(req);
    if (form.get('openid.mode') === 'check_authentication') {
      const sig = Buffer.from(form.get('openid.sig') ?? '');
      const expected = Buffer.from(steamSignature(form));
      const valid = sig.length === expected.length && timingSafeEqual(sig, expected);
      return send(res, 200, 'text/plain', `ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`);
    }
    const steamid = form.get('steamid') ?? '';
    const returnTo = form.get('return_to') ?? '';
    if (!/^\d{17}$/.test(steamid) || !isLoopback(new URL(returnTo))) return send(res, 400, 'text/plain', 'bad request');
    const claimed = `${issuer}/steam/openid/id/${steamid}`;
    const fields = new URLSearchParams({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'id_res',
      'openid.op_endpoint': endpoint,
      'openid.claimed_id': claimed,
      'openid.identity': claimed,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': 'dev',
      'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    });
    fields.set('openid.sig', steamSignature(fields));
    const target = new URL(returnTo);
    for (const [k, v] of fields) target.searchParams.set(k, v);
    return send(res, 303, 'text/plain', '', { Location: target.href });
  }
  if (url.pathname === '/ISteamUser/GetPlayerSummaries/v0002/') {
    const ids = (url.searchParams.get('steamids') ?? '').split(',');
    const players = STEAM_IDENTITIES.filter((s) => ids.includes(s.steamid));
    return send(res, 200, 'application/json', JSON.stringify({ response: { players } }));
  }
  return false;
}

/** Starts the provider on 127.0.0.1:port; resolves with its issuer and a close function. */
export async function startDevIdp({ port }) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, oidcConfiguration());
  // Dev only: the portal runs on any loopback port, so its callback URL is accepted on any of them.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value) {
    try {
      const url = new URL(value);
      if (!isLoopback(url) || url.search !== '' || url.hash !== '') return false;
      const m = CALLBACK.exec(url.pathname);
      const p = this.clientId.slice('lf-'.length);
      return (m !== null && m[1] === p) || (p === 'apple' && url.pathname === APPLE_POST);
    } catch {
      return false;
    }
  };
  const callback = provider.callback();
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      const steam = await steamRoutes(req, res, url, issuer);
      if (steam !== false) return;
      const m = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(url.pathname);
      if (m) {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET' && m[2] === undefined)
          return send(res, 200, 'text/html', pickPage(m[1], details.params.client_id));
        if (req.method === 'POST' && m[2] === '/abort')
          return provider.interactionFinished(req, res, { error: 'access_denied' }, { mergeWithLastSubmission: false });
        if (req.method === 'POST' && m[2] === '/login') {
          const form = await readForm(req);
          const sub = form.get('sub') ?? '';
          if (!/^[A-Za-z0-9._-]{1,64}$/.test(sub)) return send(res, 400, 'text/plain', 'bad subject');
          if (!TEST_IDENTITIES.some((i) => i.sub === sub)) {
            const email = form.get('email') || undefined;
            typed.set(sub, {
              sub,
              email,
              email_verified: email !== undefined && form.get('email_verified') === 'true',
              name: form.get('name') || sub,
            });
          }
          return provider.interactionFinished(
            req,
            res,
            { login: { accountId: sub } },
            { mergeWithLastSubmission: false },
          );
        }
      }
      return callback(req, res);
    } catch (e) {
      if (!res.headersSent) send(res, 400, 'text/plain', e instanceof Error ? e.message : 'error');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { issuer, close: () => new Promise((r) => server.close(r)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8793' } } });
  const { issuer } = await startDevIdp({ port: Number(values.port) });
  console.log(`Local sign-in provider → ${issuer}`);
}
