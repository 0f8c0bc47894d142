/**
 * The store connector's real ticket check on workerd (docs/platforms.md "The store's own session tickets"):
 * the instance without DEV_TOOLS has PLATFORM_STEAM_WEB_API_KEY, _APP_ID, _IDENTITY and _WEB_API_URL pointing at
 * a loopback stand-in of the store's Web API (tests/api/fake-steam-web-api.ts). steam/tpa-session-cookie accepts
 * the store's opaque ticket once; the store's refusal, a publisher ban, a replay and a malformed ticket are the
 * one answer INVALID_TICKET, and a malformed ticket never reaches the store.
 */
import { describe, expect, inject, it } from 'vitest';
import { Browser, NO_DEV } from './client';
import { fakeSteamTicket } from './fake-steam-web-api';

const STEAM_SESSION = '/api/account/v1/no-auth/login/steam/tpa-session-cookie';
const CLIENT_ID = '1888';

let counter = 0;
/** A fresh 17-digit store ID and nonce. */
function fresh(): { id: string; nonce: string } {
  counter += 1;
  const id = `76561199${String((Date.now() * 7 + counter * 7919) % 1_000_000_000).padStart(9, '0')}`;
  return { id, nonce: `${Date.now().toString(36)}-${String(counter)}` };
}

/** A browser on the production instance, from its configured public origin (the CSRF guard's only origin). */
function connector() {
  const b = new Browser(NO_DEV());
  const headers = { Origin: inject('apiPortalOriginNoDev') };
  return (ticket: string) =>
    b.request('POST', STEAM_SESSION, { body: { clientId: CLIENT_ID, steamSessionTicket: ticket }, headers });
}

async function storeCalls(): Promise<string[]> {
  const res = await fetch(`${inject('fakeSteamWebApiUrl')}/calls`);
  return res.json<string[]>();
}

describe('steam/tpa-session-cookie with the store Web API configured', () => {
  it("accepts the store's ticket once and opens the third-party session of its store ID", async () => {
    const { id, nonce } = fresh();
    const ticket = fakeSteamTicket(`ok:${id}:${nonce}`);
    const r = await connector()(ticket);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: null });
    expect(r.setCookies.length).toBeGreaterThan(0);
    expect(await storeCalls()).toContain(ticket);
    // The same ticket again (also in lower case, which the store would accept too): replayed.
    expect((await connector()(ticket)).code).toBe('INVALID_TICKET');
    expect((await connector()(ticket.toLowerCase())).code).toBe('INVALID_TICKET');
  });

  it.each([
    ['the store refuses (101)', () => fakeSteamTicket(`nope:${fresh().id}:${fresh().nonce}`)],
    ['the publisher banned the store account', () => fakeSteamTicket(`banned:${fresh().id}:${fresh().nonce}`)],
  ])('refuses a ticket when %s (INVALID_TICKET, no session)', async (_name, make) => {
    const ticket = make();
    const r = await connector()(ticket);
    expect([r.status, r.code]).toEqual([401, 'INVALID_TICKET']);
    expect(r.setCookies).toEqual([]);
    expect(await storeCalls()).toContain(ticket);
  });

  it('refuses a malformed ticket (a JWT, not hex, too short) without calling the store', async () => {
    const before = (await storeCalls()).length;
    for (const ticket of ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 'zz'.repeat(40), 'abcd']) {
      const r = await connector()(ticket);
      expect([r.status, r.code]).toEqual([401, 'INVALID_TICKET']);
    }
    expect((await storeCalls()).length).toBe(before);
  });
});
