/**
 * The store connector's `steam-web-api` adapter (server/platform/tickets.ts, steam-config.ts): the store's opaque
 * session ticket, checked by a loopback stand-in of the store's partner Web API (ISteamUserAuth/
 * AuthenticateUserTicket) through the adapter's real fetch. What the stand-in received is asserted, and a
 * refusal before any call is proved by the stand-in seeing nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../../../server/core/env';
import { mintDevTicket } from '../../../server/platform/dev-issuer';
import {
  STORE_TICKET_REPLAY_WINDOW_MS,
  STORE_WEB_API_TIMEOUT_MS,
  verifyStoreTicket,
} from '../../../server/platform/tickets';
import { digest } from '../../../server/core/security/tokens';

const KEY = 'F00DFACE0123456789ABCDEF01234567';
const APP_ID = '480';
const IDENTITY = 'lumenforge-account';
const STEAM_ID = '76561198000000042';
/** What GetAuthTicketForWebApi hands a game: the ticket's bytes in hex. */
const TICKET = '14000000' + 'ab'.repeat(120);

type Respond = (res: ServerResponse) => void;
const json =
  (body: unknown, status = 200): Respond =>
  (res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
const ok = (over: Record<string, unknown> = {}) =>
  json({
    response: {
      params: {
        result: 'OK',
        steamid: STEAM_ID,
        ownersteamid: STEAM_ID,
        vacbanned: false,
        publisherbanned: false,
        ...over,
      },
    },
  });

let server: Server;
let baseUrl = '';
let received: URL[] = [];
let respond: Respond = ok();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    received.push(new URL(req.url ?? '/', 'http://fake'));
    respond(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  respond = ok();
});

function env(over: Record<string, string | undefined> = {}): Env {
  const vars: Record<string, string | undefined> = {
    PLATFORM_STEAM_WEB_API_KEY: KEY,
    PLATFORM_STEAM_APP_ID: APP_ID,
    PLATFORM_STEAM_IDENTITY: IDENTITY,
    PLATFORM_STEAM_WEB_API_URL: baseUrl,
    ...over,
  };
  return Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as unknown as Env;
}

/** The call fails with `code` (and the thrown error never carries the key or the ticket). */
async function refused(e: Env, ticket: string, code: string, status: number) {
  const error: unknown = await verifyStoreTicket(e, 'steam', ticket, Date.now()).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toMatchObject({ code, status });
  const text = `${String(error)} ${JSON.stringify(error)}`;
  expect(text).not.toContain(KEY);
  if (ticket.length > 0) expect(text).not.toContain(ticket);
}

describe('a ticket the store accepts', () => {
  it("names the player's store ID; the call carries the key, app id, ticket and identity", async () => {
    const now = Date.now();
    const identity = await verifyStoreTicket(env(), 'steam', TICKET, now);
    expect(identity).toEqual({
      platform: 'steam',
      storeId: STEAM_ID,
      jti: await digest(`steam-web-api:${TICKET}`),
      expiresAt: now + STORE_TICKET_REPLAY_WINDOW_MS,
    });
    expect(received).toHaveLength(1);
    const call = received[0];
    expect(call?.pathname).toBe('/ISteamUserAuth/AuthenticateUserTicket/v1/');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({
      key: KEY,
      appid: APP_ID,
      ticket: TICKET,
      identity: IDENTITY,
    });
  });

  it('gives the same ticket id whatever the case of its hex (a replay cannot change case to pass)', async () => {
    const lower = await verifyStoreTicket(env(), 'steam', TICKET.toLowerCase(), Date.now());
    const upper = await verifyStoreTicket(env(), 'steam', TICKET.toUpperCase(), Date.now());
    expect(upper.jti).toBe(lower.jti);
    expect(lower.jti).toMatch(/^[0-9a-f]{64}$/);
  });

  it('family sharing: the player (steamid) signs in, not the owner of the game', async () => {
    respond = ok({ ownersteamid: '76561198000000099' });
    expect((await verifyStoreTicket(env(), 'steam', TICKET, Date.now())).storeId).toBe(STEAM_ID);
  });

  it('a VAC ban alone does not refuse (the anti-cheat is per game; the portal has its own bans)', async () => {
    respond = ok({ vacbanned: true });
    expect((await verifyStoreTicket(env(), 'steam', TICKET, Date.now())).storeId).toBe(STEAM_ID);
  });

  it('takes precedence over the JWKS and dev adapters: a dev-issuer ticket is refused', async () => {
    const dev = await mintDevTicket(
      {} as unknown as Env,
      { platform: 'steam', platformUserId: STEAM_ID, accountType: 'adult' },
      Date.now(),
    );
    await refused(env({ DEV_TOOLS: '1' }), dev, 'INVALID_TICKET', 401);
    expect(received).toHaveLength(0);
  });
});

describe('refused with INVALID_TICKET', () => {
  it.each([
    ['an invalid ticket (101)', json({ response: { error: { errorcode: 101, errordesc: 'Invalid ticket' } } })],
    ['an invalid parameter (3)', json({ response: { error: { errorcode: 3, errordesc: 'Invalid parameter' } } })],
    ['a result other than OK', ok({ result: 'Failed' })],
    ['a publisher ban', ok({ publisherbanned: true })],
    ['a store ID of 16 digits', ok({ steamid: '7656119800000004' })],
    ['a store ID of 18 digits', ok({ steamid: '765611980000000421' })],
    ['a store ID that is not digits', ok({ steamid: 'STEAM_0:1:12345' })],
  ])('the store answers %s', async (_name, answer) => {
    respond = answer;
    await refused(env(), TICKET, 'INVALID_TICKET', 401);
    expect(received).toHaveLength(1);
  });

  it.each([
    ['not hex', 'zz'.repeat(40)],
    ['odd length', `${TICKET}a`],
    ['too short', 'ab'.repeat(15)],
    ['too long', 'ab'.repeat(2049)],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
    ['empty', ''],
  ])('a ticket that is %s, without calling the store', async (_name, ticket) => {
    await refused(env(), ticket, 'INVALID_TICKET', 401);
    expect(received).toHaveLength(0);
  });

  it.each([
    ['without its identity', { PLATFORM_STEAM_IDENTITY: undefined }],
    ['without its app id', { PLATFORM_STEAM_APP_ID: undefined }],
    ['with an app id that is not digits', { PLATFORM_STEAM_APP_ID: 'app-480' }],
    ['with an http API URL on a public host', { PLATFORM_STEAM_WEB_API_URL: 'http://partner.steam-api.example' }],
    ['with an API URL that is not a URL', { PLATFORM_STEAM_WEB_API_URL: 'partner.steam-api.com' }],
  ])('every ticket when the key is configured %s, without calling anyone', async (_name, over) => {
    await refused(env(over), TICKET, 'INVALID_TICKET', 401);
    expect(received).toHaveLength(0);
  });
});

describe('a store outage is SERVER_ERROR (502), not the player’s bad ticket', () => {
  it.each([
    ['a 500', json({ response: {} }, 500)],
    ['a 403 (a revoked key)', json('<html>Forbidden</html>', 403)],
    ['a redirect', (res: ServerResponse) => res.writeHead(302, { location: 'https://elsewhere.example/' }).end()],
    ['garbage', json('<html>not json</html>')],
    ['JSON of another shape', json({ unexpected: true })],
    ['neither params nor error', json({ response: {} })],
  ])('the store answers %s', async (_name, answer) => {
    respond = answer;
    await refused(env(), TICKET, 'SERVER_ERROR', 502);
  });

  it('nobody listening', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await refused(env({ PLATFORM_STEAM_WEB_API_URL: `http://127.0.0.1:${String(port)}` }), TICKET, 'SERVER_ERROR', 502);
  });

  it(
    'no answer within the timeout',
    async () => {
      // Answer only after the adapter gave up.
      respond = (res) => setTimeout(() => ok()(res), STORE_WEB_API_TIMEOUT_MS + 1000);
      const started = Date.now();
      await refused(env(), TICKET, 'SERVER_ERROR', 502);
      expect(Date.now() - started).toBeLessThan(STORE_WEB_API_TIMEOUT_MS + 900);
    },
    STORE_WEB_API_TIMEOUT_MS + 5000,
  );
});
