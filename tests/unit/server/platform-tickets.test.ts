/**
 * The real-platform path of the ticket adapters (server/platform/tickets.ts): keys from the platform's JWKS
 * (served here by a loopback HTTP server), issuer and audience from env. A dev-issuer ticket means nothing
 * to a configured platform, and an unconfigured platform outside DEV_TOOLS verifies nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../server/core/env';
import { mintDevTicket } from '../../../server/platform/dev-issuer';
import { verifyStoreTicket, verifyTicketSignature } from '../../../server/platform/tickets';

const ISSUER = 'https://auth.playstation.example/';
let server: Server;
let jwksUrl = '';
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function env(extra: Record<string, string> = {}): Env {
  return {
    PLATFORM_PLAYSTATION_JWKS_URL: jwksUrl,
    PLATFORM_PLAYSTATION_ISSUER: ISSUER,
    PLATFORM_PLAYSTATION_AUDIENCE: 'lumenforge-account',
    ...extra,
  } as unknown as Env;
}

async function ticket(key: CryptoKey, over: { iss?: string; aud?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ account_type: 'minor', game: 'ember-rush' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(over.iss ?? ISSUER)
    .setAudience(over.aud ?? 'lumenforge-account')
    .setSubject('psn-1234567890')
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(over.exp ?? now + 300)
    .sign(key);
}

describe('a platform configured with its JWKS', () => {
  it('accepts its signed ticket and reads the console-linking claims', async () => {
    const identity = await verifyTicketSignature(env(), 'playstation', await ticket(privateKey), Date.now());
    expect(identity).toMatchObject({
      platform: 'playstation',
      platformUserId: 'psn-1234567890',
      accountType: 'minor',
      game: 'ember-rush',
    });
  });

  it.each([
    ['a key not in its JWKS', () => ticket(otherKey)],
    ['another issuer', () => ticket(privateKey, { iss: 'https://evil.example/' })],
    ['another audience', () => ticket(privateKey, { aud: 'someone-else' })],
    ['an expired ticket', () => ticket(privateKey, { exp: Math.floor(Date.now() / 1000) - 60 })],
  ])('refuses %s with INVALID_TICKET', async (_name, make) => {
    await expect(verifyTicketSignature(env(), 'playstation', await make(), Date.now())).rejects.toMatchObject({
      code: 'INVALID_TICKET',
    });
  });

  it("refuses the dev issuer's ticket, even with DEV_TOOLS on", async () => {
    const dev = await mintDevTicket(
      env(),
      { platform: 'playstation', platformUserId: 'u1', accountType: 'adult' },
      Date.now(),
    );
    await expect(verifyTicketSignature(env({ DEV_TOOLS: '1' }), 'playstation', dev, Date.now())).rejects.toMatchObject({
      code: 'INVALID_TICKET',
    });
  });
});

it('a JWKS over plain http on a public host is not used', async () => {
  const insecure = env({ PLATFORM_PLAYSTATION_JWKS_URL: 'http://keys.playstation.example/jwks.json' });
  await expect(
    verifyTicketSignature(insecure, 'playstation', await ticket(privateKey), Date.now()),
  ).rejects.toMatchObject({
    code: 'INVALID_TICKET',
  });
});

it('an unconfigured platform outside DEV_TOOLS verifies nothing', async () => {
  const dev = await mintDevTicket(env(), { platform: 'xbox', platformUserId: 'u1', accountType: 'adult' }, Date.now());
  await expect(verifyTicketSignature(env(), 'xbox', dev, Date.now())).rejects.toMatchObject({
    code: 'INVALID_TICKET',
  });
});

describe('the store connector configured with its JWKS (PLATFORM_STEAM_*)', () => {
  const STORE_ISSUER = 'https://auth.store.example/';
  const storeEnv = () => ({ PLATFORM_STEAM_JWKS_URL: jwksUrl, PLATFORM_STEAM_ISSUER: STORE_ISSUER }) as unknown as Env;
  async function storeTicket(sub: string, key: CryptoKey = privateKey) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(STORE_ISSUER)
      .setAudience('lumenforge-account')
      .setSubject(sub)
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(key);
  }

  it('accepts its ticket for a 17-digit store ID', async () => {
    const identity = await verifyStoreTicket(storeEnv(), 'steam', await storeTicket('76561198000000001'), Date.now());
    expect(identity).toMatchObject({ platform: 'steam', storeId: '76561198000000001' });
  });

  it('refuses any other subject, another key, and a console platform’s configuration (INVALID_TICKET)', async () => {
    for (const sub of ['7656119800000000', '765611980000000012', 'psn-1234567890']) {
      await expect(verifyStoreTicket(storeEnv(), 'steam', await storeTicket(sub), Date.now())).rejects.toMatchObject({
        code: 'INVALID_TICKET',
      });
    }
    await expect(
      verifyStoreTicket(storeEnv(), 'steam', await storeTicket('76561198000000001', otherKey), Date.now()),
    ).rejects.toMatchObject({ code: 'INVALID_TICKET' });
    // The PlayStation's keys and issuer do not verify store tickets, nor the other way round.
    await expect(
      verifyStoreTicket(env(), 'steam', await storeTicket('76561198000000001'), Date.now()),
    ).rejects.toMatchObject({ code: 'INVALID_TICKET' });
  });

  it('a dev-issuer store ticket means nothing outside DEV_TOOLS', async () => {
    const devTicket = await mintDevTicket(
      {} as unknown as Env,
      { platform: 'steam', platformUserId: '76561198000000001', accountType: 'adult' },
      Date.now(),
    );
    await expect(verifyStoreTicket(storeEnv(), 'steam', devTicket, Date.now())).rejects.toMatchObject({
      code: 'INVALID_TICKET',
    });
  });
});
