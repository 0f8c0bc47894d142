/**
 * A loopback stand-in of the store's partner Web API (ISteamUserAuth/AuthenticateUserTicket) for the API tests:
 * the instance without DEV_TOOLS verifies store tickets against it (PLATFORM_STEAM_WEB_API_URL). It answers as
 * the store does: `{response: {params}}` for a good ticket, `{response: {error}}` otherwise.
 *
 * A test ticket is the hex of `ok:{17-digit store ID}:{nonce}` (accepted for that ID), or
 * `banned:{id}:{nonce}` (accepted, publisher-banned); anything else, or another key, app id or identity, is
 * the store's 101 "Invalid ticket". `GET /calls` lists the tickets the stand-in was asked about, so a test can
 * prove the API refused a ticket without calling the store.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STEAM = { key: 'test-only-publisher-web-api-key', appId: '480', identity: 'lumenforge-account' };

/** The hex ticket a test hands the API for `text` (e.g. `ok:76561198000000001:n1`). */
export function fakeSteamTicket(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

function fromHex(hex: string): string {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

export async function startFakeSteamWebApi(): Promise<{ url: string; close: () => Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/calls') {
      res.end(JSON.stringify(calls));
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/ISteamUserAuth/AuthenticateUserTicket/v1/') {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    const q = url.searchParams;
    const ticket = q.get('ticket') ?? '';
    calls.push(ticket);
    const text = /^(?:[0-9A-Fa-f]{2})*$/.test(ticket) ? fromHex(ticket) : '';
    const match = /^(ok|banned):(\d{17}):/.exec(text);
    const configured =
      q.get('key') === FAKE_STEAM.key &&
      q.get('appid') === FAKE_STEAM.appId &&
      q.get('identity') === FAKE_STEAM.identity;
    if (!configured || match === null) {
      res.end(JSON.stringify({ response: { error: { errorcode: 101, errordesc: 'Invalid ticket' } } }));
      return;
    }
    const [, kind, steamid] = match;
    res.end(
      JSON.stringify({
        response: {
          params: {
            result: 'OK',
            steamid,
            ownersteamid: steamid,
            vacbanned: false,
            publisherbanned: kind === 'banned',
          },
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
