/**
 * What a publisher's back ends use of the identity provider (issue 27; docs/identity-provider.md), with
 * openid-client 6 as the relying party: token introspection (RFC 7662) for confidential clients, and back-channel
 * logout (OIDC Back-Channel Logout 1.0) to an endpoint in this test process.
 */
import * as client from 'openid-client';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV, MINUTE, setClock } from './client';
import { basicAuth, postForm, signedIn } from './oidc-helpers';
import { confidentialClient as registerConfidential, decide, finish, rp, start, type ConfidentialRp } from './oidc-rp';
import { player } from './signin-helpers';
import { openInstanceDb, type InstanceDb } from './instance-db';
import { REASON, STAFF, signedInStaff } from './staff-helpers';

let opened: InstanceDb | undefined;
/** The dev instance's database, opened once (staff members are added through it). */
async function instance(): Promise<InstanceDb> {
  opened ??= await openInstanceDb();
  return opened;
}
afterAll(async () => {
  await opened?.close();
});

afterEach(() => setClock(0));

const REDIRECT = 'https://games.lumenforge.test/callback';
const INTROSPECT = '/api/oidc/introspect';

const confidentialClient = (...extra: string[]) => registerConfidential('Game back end', REDIRECT, ...extra);

/** A player's tokens for a client, through the code flow. */
async function tokensOf(config: client.Configuration, tag: string) {
  const v = await signedIn(await player({}, tag));
  const flow = await start(config, {}, REDIRECT);
  return finish(config, flow, await decide(v, flow));
}

/** Registering runs the CLI (a bundle and a database connection): the file's clients are registered once. */
const SETUP_MS = 120_000;
const FLOW_MS = 60_000;

describe('token introspection (RFC 7662)', () => {
  let backend: ConfidentialRp;
  let other: ConfidentialRp;
  beforeAll(async () => {
    [backend, other] = await Promise.all([confidentialClient(), confidentialClient()]);
  }, SETUP_MS);

  it('advertises the endpoint for confidential clients', async () => {
    const meta = (await rp()).serverMetadata();
    expect(meta.introspection_endpoint).toMatch(/\/api\/oidc\/introspect$/);
    expect(meta.introspection_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post']);
  });

  it(
    "answers a live access and refresh token of the client's own, with its sub and scope",
    async () => {
      const tokens = await tokensOf(backend.config, 'oidc-introspect');
      const sub = tokens.claims()?.sub;
      const access = await client.tokenIntrospection(backend.config, tokens.access_token);
      expect(access).toMatchObject({
        active: true,
        token_type: 'Bearer',
        client_id: backend.id,
        sub,
        scope: 'openid profile email',
      });
      expect(access.exp).toBeGreaterThan(Date.now() / 1000);
      const refresh = await client.tokenIntrospection(backend.config, tokens.refresh_token ?? '', {
        token_type_hint: 'refresh_token',
      });
      expect(refresh).toMatchObject({ active: true, token_type: 'refresh_token', client_id: backend.id, sub });
      // The same answers by client_secret_post.
      const posted = await postForm(INTROSPECT, {
        token: tokens.access_token,
        client_id: backend.id,
        client_secret: backend.secret,
      });
      expect(posted.status).toBe(200);
      expect(posted.json).toMatchObject({ active: true, sub });
      expect(posted.headers.get('Cache-Control')).toBe('no-store');
    },
    FLOW_MS,
  );

  it(
    'answers active false, and nothing else, for a revoked, expired, unknown or foreign token',
    async () => {
      const tokens = await tokensOf(backend.config, 'oidc-introspect-dead');
      await client.tokenRevocation(backend.config, tokens.refresh_token ?? '');
      // Revoking the refresh token ended the access token of the same grant too (RFC 7009 §2.1).
      for (const token of [tokens.refresh_token ?? '', tokens.access_token, 'not-a-token'])
        expect(await client.tokenIntrospection(backend.config, token)).toEqual({ active: false });

      const theirs = await tokensOf(other.config, 'oidc-introspect-foreign');
      expect(await client.tokenIntrospection(backend.config, theirs.access_token)).toEqual({ active: false });
      expect(await client.tokenIntrospection(backend.config, theirs.refresh_token ?? '')).toEqual({ active: false });
      expect((await client.tokenIntrospection(other.config, theirs.access_token)).active).toBe(true);

      await setClock(11 * MINUTE);
      expect(await client.tokenIntrospection(other.config, theirs.access_token)).toEqual({ active: false });
      // The refresh token lives 30 days.
      expect((await client.tokenIntrospection(other.config, theirs.refresh_token ?? '')).active).toBe(true);
    },
    FLOW_MS,
  );

  it(
    'refuses a public client, a wrong secret and a missing token',
    async () => {
      const tokens = await tokensOf(backend.config, 'oidc-introspect-refused');
      const publicClient = await postForm(INTROSPECT, { token: tokens.access_token, client_id: 'dev-rp' });
      expect({ status: publicClient.status, error: publicClient.json.error }).toEqual({
        status: 401,
        error: 'invalid_client',
      });
      const wrong = await postForm(INTROSPECT, { token: tokens.access_token }, basicAuth(backend.id, 'wrong'));
      expect({ status: wrong.status, error: wrong.json.error }).toEqual({ status: 401, error: 'invalid_client' });
      const missing = await postForm(INTROSPECT, {}, basicAuth(backend.id, backend.secret));
      expect({ status: missing.status, error: missing.json.error }).toEqual({ status: 400, error: 'invalid_request' });
    },
    FLOW_MS,
  );
});

/** A relying party's back-channel logout endpoint (OIDC Back-Channel Logout 1.0 §2.5), in this test process. */
class LogoutReceiver {
  readonly tokens: string[] = [];
  attempts = 0;
  /** Statuses to answer, in order (then 200). */
  failWith: number[] = [];
  private server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      this.attempts += 1;
      const status = this.failWith.shift() ?? 200;
      if (status === 200) this.tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(status).end();
    });
  });
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}/backchannel`;
  }
  close() {
    this.server.close();
  }
  /** Waits until `count` tokens arrived (delivery runs after the player's response). */
  async received(count: number, withinMs = 15_000): Promise<string[]> {
    const until = Date.now() + withinMs;
    while (this.tokens.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    return this.tokens;
  }
}

const LANG = { language: 'en_US' };

describe('back-channel logout (OIDC Back-Channel Logout 1.0)', () => {
  const receiver = new LogoutReceiver();
  let game: ConfidentialRp;
  beforeAll(async () => {
    const uri = await receiver.listen();
    game = await confidentialClient('--backchannel-logout-uri', uri, '--backchannel-logout-session-required');
  }, SETUP_MS);
  afterAll(() => receiver.close());

  /** A signed-in browser with its tokens at the game. */
  async function signedInAtGame(tag: string, p?: Awaited<ReturnType<typeof player>>) {
    const who = p ?? (await player({}, tag));
    const v = await signedIn(who);
    const flow = await start(game.config, {}, REDIRECT);
    const tokens = await finish(game.config, flow, await decide(v, flow));
    return { who, v, tokens, claims: tokens.claims() ?? { sub: '', sid: '' } };
  }

  async function verifiedLogoutToken(token: string) {
    const jwks = createRemoteJWKSet(new URL(`${DEV()}/api/oidc/jwks`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: `${DEV()}/api/oidc`,
      audience: game.id,
      typ: 'logout+jwt',
    });
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    expect(payload.nonce).toBeUndefined();
    expect(typeof payload.jti).toBe('string');
    return payload;
  }

  it(
    'advertises back-channel logout with sessions, and puts sid in the ID token',
    async () => {
      const meta = (await rp()).serverMetadata();
      expect(meta.backchannel_logout_supported).toBe(true);
      expect(meta.backchannel_logout_session_supported).toBe(true);
      const { claims } = await signedInAtGame('oidc-bcl-sid');
      expect(claims.sid).toMatch(/^[A-Za-z0-9_-]{24}$/);
    },
    FLOW_MS,
  );

  it(
    'tells the game when the player signs out, names the sign-in (sub, sid), and ends its tokens',
    async () => {
      const before = receiver.tokens.length;
      const { v, tokens, claims } = await signedInAtGame('oidc-bcl-out');
      // Another browser of the same player keeps its own sign-in at the game.
      const other = await signedInAtGame('oidc-bcl-out', undefined);
      const out = await v.post('/api/account/v1/logout', {});
      expect(out.status, out.text).toBe(200);
      const [token] = (await receiver.received(before + 1)).slice(before);
      const payload = await verifiedLogoutToken(token ?? '');
      expect({ sub: payload.sub, sid: payload.sid }).toEqual({ sub: claims.sub, sid: claims.sid });
      expect(await client.tokenIntrospection(game.config, tokens.refresh_token ?? '')).toEqual({ active: false });
      expect(await client.tokenIntrospection(game.config, tokens.access_token)).toEqual({ active: false });
      await expect(client.refreshTokenGrant(game.config, tokens.refresh_token ?? '')).rejects.toThrow();
      // Only that session's sign-in ended.
      expect((await client.tokenIntrospection(game.config, other.tokens.refresh_token ?? '')).active).toBe(true);
      expect(receiver.tokens.length).toBe(before + 1);
    },
    FLOW_MS,
  );

  it(
    'tells the game of every other session when the player signs out everywhere, keeping this one',
    async () => {
      const here = await signedInAtGame('oidc-bcl-all');
      const elsewhere = await signedInAtGame('', here.who);
      const before = receiver.tokens.length;
      const r = await here.v.post('/api/account-setting/v1.0/sessions/revoke-others', LANG);
      expect(r.status, r.text).toBe(200);
      const [token] = (await receiver.received(before + 1)).slice(before);
      expect((await verifiedLogoutToken(token ?? '')).sid).toBe(elsewhere.claims.sid);
      expect(await client.tokenIntrospection(game.config, elsewhere.tokens.refresh_token ?? '')).toEqual({
        active: false,
      });
      expect((await client.tokenIntrospection(game.config, here.tokens.refresh_token ?? '')).active).toBe(true);
    },
    FLOW_MS,
  );

  it(
    'ends every grant and tells the game when the player changes the password (other sessions)',
    async () => {
      const here = await signedInAtGame('oidc-bcl-pw');
      const elsewhere = await signedInAtGame('', here.who);
      const before = receiver.tokens.length;
      const r = await here.v.post('/api/account-setting/v1.0/password/change', {
        currentPassword: here.who.password,
        newPassword: 'Another-Long-Pa55word!',
        ...LANG,
      });
      expect(r.status, r.text).toBe(200);
      const [token] = (await receiver.received(before + 1)).slice(before);
      expect((await verifiedLogoutToken(token ?? '')).sid).toBe(elsewhere.claims.sid);
    },
    FLOW_MS,
  );

  it(
    'tells the game when staff block the player, and ends every grant',
    async () => {
      const here = await signedInAtGame('oidc-bcl-block');
      const elsewhere = await signedInAtGame('', here.who);
      const before = receiver.tokens.length;
      const staff = await signedInStaff(await instance(), 'trust_safety');
      const r = await staff.post(`${STAFF}/accounts/${String(here.who.accountId)}/block`, {
        reason: REASON,
        banReason: '7003',
      });
      expect(r.status, r.text).toBe(200);
      const tokens = (await receiver.received(before + 2)).slice(before);
      const sids = await Promise.all(tokens.map(async (t) => (await verifiedLogoutToken(t)).sid));
      expect(sids.sort()).toEqual([here.claims.sid, elsewhere.claims.sid].sort());
      for (const t of [here.tokens, elsewhere.tokens])
        expect(await client.tokenIntrospection(game.config, t.refresh_token ?? '')).toEqual({ active: false });
    },
    FLOW_MS,
  );

  it(
    'retries a failing endpoint after the response, and never fails the sign-out',
    async () => {
      const { v } = await signedInAtGame('oidc-bcl-fail');
      const before = { tokens: receiver.tokens.length, attempts: receiver.attempts };
      receiver.failWith = [500, 503];
      const started = Date.now();
      const out = await v.post('/api/account/v1/logout', {});
      expect(out.status).toBe(200);
      // The answer did not wait for the retries (1 s and 4 s apart).
      expect(Date.now() - started).toBeLessThan(1000);
      await receiver.received(before.tokens + 1);
      expect(receiver.attempts - before.attempts).toBe(3);
      expect(receiver.tokens.length).toBe(before.tokens + 1);
    },
    FLOW_MS,
  );

  it(
    'gives up on a client that refuses the token (4xx), once',
    async () => {
      const { v, tokens } = await signedInAtGame('oidc-bcl-refused');
      const before = receiver.attempts;
      receiver.failWith = [400];
      expect((await v.post('/api/account/v1/logout', {})).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      expect(receiver.attempts - before).toBe(1);
      receiver.failWith = [];
      // The grant ended all the same.
      expect(await client.tokenIntrospection(game.config, tokens.refresh_token ?? '')).toEqual({ active: false });
    },
    FLOW_MS,
  );
});

describe('client_credentials (RFC 6749 §4.4) for publisher back ends', () => {
  let server: ConfidentialRp;
  let plain: ConfidentialRp;
  beforeAll(async () => {
    [server, plain] = await Promise.all([
      confidentialClient('--client-credentials-scope', 'stats:read', '--client-credentials-scope', 'leaderboard:write'),
      confidentialClient(),
    ]);
  }, SETUP_MS);

  it(
    'gives a confidential client an access token for its registered scopes, and nothing for a player',
    async () => {
      expect((await rp()).serverMetadata().grant_types_supported).toContain('client_credentials');
      const narrow = await client.clientCredentialsGrant(server.config, { scope: 'stats:read' });
      expect(narrow.scope).toBe('stats:read');
      expect(narrow.id_token).toBeUndefined();
      expect(narrow.refresh_token).toBeUndefined();
      expect(narrow.expires_in).toBe(600);
      expect(await client.tokenIntrospection(server.config, narrow.access_token)).toMatchObject({
        active: true,
        client_id: server.id,
        sub: server.id,
        scope: 'stats:read',
      });
      // Without a scope: every registered one.
      const all = await client.clientCredentialsGrant(server.config);
      expect(all.scope).toBe('stats:read leaderboard:write');
      // It names no player: userinfo refuses it.
      const info = await fetch(`${DEV()}/api/oidc/userinfo`, {
        headers: { Authorization: `Bearer ${all.access_token}` },
      });
      expect(info.status).toBe(401);
      // Another client learns nothing of it.
      expect(await client.tokenIntrospection(plain.config, all.access_token)).toEqual({ active: false });
    },
    FLOW_MS,
  );

  it(
    'revokes its token (RFC 7009): introspection says inactive',
    async () => {
      const tokens = await client.clientCredentialsGrant(server.config, { scope: 'leaderboard:write' });
      await client.tokenRevocation(server.config, tokens.access_token);
      expect(await client.tokenIntrospection(server.config, tokens.access_token)).toEqual({ active: false });
    },
    FLOW_MS,
  );

  it(
    'refuses a scope not registered for it, the OpenID scopes, and clients without the grant',
    async () => {
      const grant = (values: Record<string, string>, headers: Record<string, string> = {}) =>
        postForm('/api/oidc/token', { grant_type: 'client_credentials', ...values }, headers);
      for (const scope of ['admin', 'stats:read admin', 'openid', 'openid profile'])
        expect((await grant({ scope }, basicAuth(server.id, server.secret))).json.error, scope).toBe('invalid_scope');
      expect((await grant({}, basicAuth(plain.id, plain.secret))).json.error).toBe('unauthorized_client');
      expect((await grant({ client_id: 'dev-rp' })).json.error).toBe('unauthorized_client');
      const wrong = await grant({}, basicAuth(server.id, 'wrong'));
      expect({ status: wrong.status, error: wrong.json.error }).toEqual({ status: 401, error: 'invalid_client' });
    },
    FLOW_MS,
  );
});
