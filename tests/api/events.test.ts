/**
 * Account events (issue 28 §2, docs/events.md) against workerd: a loopback receiver registered as an endpoint
 * verifies every delivery's Standard Webhooks signature with its own HMAC (node:crypto, not the server's code),
 * sees the idempotency id stay the same across retries, the retries come with growing delays on the dev clock and
 * stop at the cap, a hanging endpoint never delays the player's call, and each event type fire from its real flow.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, hkdfSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventPayload, type EventDelivery, type EventType } from '../../src/shared/contract/events';
import { listDeliveries, newEndpointId, registerEndpoint, setEndpointEnabled } from '../../server/events/data';
import { MAX_ATTEMPTS, retryDelay } from '../../server/events/delivery';
import { endpointUrlProblem, subscribedTypes } from '../../server/events/registration';
import { sealEndpointSecret } from '../../server/events/secret';
import { newEndpointSecret } from '../../server/events/signing';
import { Browser, MINUTE, NO_DEV, PASSWORD, setClock, uniqueEmail } from './client';
import { LANG, otherDevice, settingPost } from './account-lifecycle-helpers';
import { openInstanceDb, type InstanceDb } from './instance-db';
import { REASON, STAFF, signedInStaff } from './staff-helpers';
import { childOf, consentedParent, setStatus } from './parental-helpers';
import { deviceId, lastMail, signUp, Visitor } from './signin-helpers';
import { enableTotp, newPlayer, put, startSession } from './two-factor-helpers';
import { CLOCK, registerPasskey } from './passkey-helpers';
import { legacyPlayer, signupCodeFor } from './legacy-helpers';

/** The TOTP key of the dev instance (tests/api/global-setup.ts): it seals endpoint secrets and derives the user hash. */
const TEST_KEY = new Uint8Array(32).fill(7);
const TEST_KEY_BASE64 = btoa(String.fromCharCode(...TEST_KEY));

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
const DAY = 24 * 60 * MINUTE;

/** hashedGlobalUserNo as server/core/security/user-hash.ts derives it without USER_HASH_KEY, recomputed here. */
function hashedGlobalUserNo(accountId: number): string {
  const key = new Uint8Array(hkdfSync('sha256', TEST_KEY, new Uint8Array(32), 'lumenforge/user-number-hash/v1', 32));
  return createHmac('sha256', key)
    .update(`global:${String(accountId)}`)
    .digest('base64url');
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  at: number;
}

/** Standard Webhooks verification, written from the spec: HMAC-SHA256 over id.timestamp.body, timestamps within 5 minutes. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = fromBase64(secret.slice('whsec_'.length));
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  return signatures.split(' ').includes(expected);
}

type Mode = 'ok' | 'fail' | 'hang';

class Receiver {
  readonly received: Received[] = [];
  mode: Mode = 'ok';
  secret = '';
  endpointId = '';
  private server: Server | null = null;
  private hanging: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        this.received.push({
          headers: req.headers,
          body,
          verified: verify(this.secret, req.headers, body),
          at: Date.now(),
        });
        if (this.mode === 'hang') {
          this.hanging.push(() => res.destroy());
          return;
        }
        res.writeHead(this.mode === 'ok' ? 204 : 500).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${String(port)}/hooks/lumenforge`;
  }

  /** The deliveries about one account, parsed. */
  about(accountId: number): { type: EventType; data: Record<string, unknown>; r: Received }[] {
    const hash = hashedGlobalUserNo(accountId);
    return this.received
      .map((r) => ({
        r,
        body: JSON.parse(r.body) as { type: EventType; data: { account: { hashedGlobalUserNo: string } } },
      }))
      .filter(({ body }) => body.data.account.hashedGlobalUserNo === hash)
      .map(({ r, body }) => ({ type: body.type, data: body.data, r }));
  }

  async stop(): Promise<void> {
    for (const end of this.hanging) end();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let instance: InstanceDb;
const receivers: Receiver[] = [];

/** A receiver registered as an endpoint for `types`; disabled after the test so later tests' events skip it. */
async function endpoint(types: readonly EventType[], mode: Mode = 'ok', sealKey = TEST_KEY_BASE64): Promise<Receiver> {
  const r = new Receiver();
  r.mode = mode;
  const url = await r.start();
  r.secret = newEndpointSecret();
  r.endpointId = newEndpointId();
  const secretSealed = await sealEndpointSecret(r.secret, sealKey, r.endpointId);
  await registerEndpoint(
    instance.db,
    { endpointId: r.endpointId, url, secretSealed, description: 'test receiver', types },
    Date.now(),
  );
  receivers.push(r);
  return r;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The event of `type` about the account, once the receiver has it. */
function eventOf(r: Receiver, accountId: number, type: EventType) {
  return until(`${type} for account ${String(accountId)}`, () => r.about(accountId).find((e) => e.type === type));
}

async function log(endpointId: string): Promise<EventDelivery[]> {
  const b = new Browser();
  const reply = await b.get(`/api/dev/events/deliveries?endpoint_id=${endpointId}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json as EventDelivery[];
}

const deliverNow = () => new Browser().post('/api/dev/events/deliver', {});
const ban = (accountId: number, banReason: string | null) =>
  new Browser().post('/api/dev/account/state', { accountId, banReason });

beforeAll(async () => {
  instance = await openInstanceDb();
});

afterEach(async () => {
  await setClock(0);
  for (const r of receivers.splice(0)) {
    await setEndpointEnabled(instance.db, r.endpointId, false);
    await r.stop();
  }
});

afterAll(() => instance.close());

describe('registration', () => {
  it('refuses a URL that is not https (loopback http only with DEV_TOOLS), credentials, fragments, unknown types', () => {
    expect(endpointUrlProblem('https://games.example/hooks', false)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:9000/hooks', true)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:9000/hooks', false)).toMatch(/loopback/);
    expect(endpointUrlProblem('http://games.example/hooks', true)).toMatch(/https/);
    expect(endpointUrlProblem('https://user:pw@games.example/hooks', false)).toMatch(/credentials/);
    expect(endpointUrlProblem('https://games.example/hooks#x', false)).toMatch(/fragment/);
    expect(endpointUrlProblem('ftp://games.example/', false)).toMatch(/https/);
    expect(endpointUrlProblem('not a url', false)).toMatch(/absolute/);
    expect(endpointUrlProblem(`https://games.example/${'a'.repeat(2001)}`, false)).toMatch(/longer/);
    expect(() => subscribedTypes([])).toThrow(/at least one/);
    expect(() => subscribedTypes(['account.created', 'account.hacked'])).toThrow(/account\.hacked/);
    expect(subscribedTypes(['mfa.changed', 'mfa.changed'])).toEqual(['mfa.changed']);
  });

  it('npm run events:add refuses bad input before it opens any database', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['scripts/events-add.mjs', ...args], { encoding: 'utf8', timeout: 20_000 });
    const plainHttp = run(['--url', 'http://games.example/hooks', '--type', 'account.created']);
    expect(plainHttp.status).toBe(2);
    expect(plainHttp.stderr).toMatch(/https/);
    const noType = run(['--url', 'https://games.example/hooks']);
    expect(noType.status).toBe(2);
    expect(noType.stderr).toMatch(/at least one/);
    const badType = run(['--url', 'https://games.example/hooks', '--type', 'account.hacked']);
    expect(badType.status).toBe(2);
    expect(badType.stderr).toMatch(/unknown event type/);
  });
});

describe('operator routes', () => {
  it('the delivery log and the drain do not exist without DEV_TOOLS (404, as every /api/dev path)', async () => {
    const b = new Browser(NO_DEV());
    expect((await b.get('/api/dev/events/deliveries')).status).toBe(404);
    expect((await b.post('/api/dev/events/deliver', {})).status).toBe(404);
  });

  it('the log refuses a malformed filter', async () => {
    const b = new Browser();
    expect((await b.get('/api/dev/events/deliveries?endpoint_id=nope')).status).toBe(400);
    expect((await b.get('/api/dev/events/deliveries?status=lost')).status).toBe(400);
    expect((await b.get('/api/dev/events/deliveries?limit=5000')).status).toBe(400);
  });
});

describe('delivery', () => {
  it('signs each delivery (Standard Webhooks) and posts the contract payload after the response', async () => {
    const r = await endpoint(['account.created']);
    const { reply } = await signUp(uniqueEmail('events-signup'));
    // The account is named by the very hash the sign-up answer hands the portal.
    const { hashedGlobalUserNo: hash } = reply.json as { hashedGlobalUserNo: string };
    const created = await until('account.created', () => r.received.find((x) => x.body.includes(hash)));
    expect(created.verified).toBe(true);
    const body = eventPayload('account.created').parse(JSON.parse(created.body));
    expect(body.type).toBe('account.created');
    expect(created.headers['webhook-id']).toMatch(/^evt_/);
    expect(created.headers['content-type']).toBe('application/json');
    expect(body.data.account.hashedGlobalUserNo).toBe(hash);
    // Nothing that names the player travels: no email, no row id.
    expect(created.body).not.toContain('@');
    const [row] = await until('the delivered log row', async () =>
      (await log(r.endpointId)).some((d) => d.status === 'delivered') ? log(r.endpointId) : undefined,
    );
    expect(row).toMatchObject({ type: 'account.created', status: 'delivered', attempts: 1, lastStatusCode: 204 });
    expect(row?.eventId).toBe(created.headers['webhook-id']);
  });

  it('a signature made with another secret does not verify (the receiver check can fail)', () => {
    const body = '{"type":"account.created"}';
    const ts = String(Math.floor(Date.now() / 1000));
    const secret = newEndpointSecret();
    const key = fromBase64(secret.slice('whsec_'.length));
    const signature = `v1,${createHmac('sha256', key).update(`evt_x.${ts}.${body}`).digest('base64')}`;
    const headers = { 'webhook-id': 'evt_x', 'webhook-timestamp': ts, 'webhook-signature': signature };
    expect(verify(newEndpointSecret(), headers, body)).toBe(false);
    expect(verify(secret, headers, body)).toBe(true);
    // A stale timestamp is refused even with the right signature.
    const old = String(Math.floor(Date.now() / 1000) - 600);
    const staleSig = `v1,${createHmac('sha256', key).update(`evt_x.${old}.${body}`).digest('base64')}`;
    expect(verify(secret, { ...headers, 'webhook-timestamp': old, 'webhook-signature': staleSig }, body)).toBe(false);
  });

  it('retries a failing endpoint with growing delays and the same id and body, and gives up after the cap', async () => {
    const r = await endpoint(['account.blocked'], 'fail');
    const p = await newPlayer('events-retry');
    expect((await ban(p.accountId, '7003')).status).toBe(200);
    await until('the first attempt', () => (r.received.length >= 1 ? true : undefined));
    let offset = 0;
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const [row] = await until(`attempt ${String(attempt)} recorded`, async () => {
        const rows = await log(r.endpointId);
        return rows[0]?.attempts === attempt && rows[0].lastError !== null && rows[0].nextAttemptAt !== null
          ? rows
          : undefined;
      });
      if (row === undefined) throw new Error('no log row');
      expect(row).toMatchObject({ status: 'pending', lastStatusCode: 500, lastError: 'HTTP 500' });
      const delay = Date.parse(row.nextAttemptAt ?? '') - Date.parse(row.lastAttemptAt ?? '');
      delays.push(delay);
      // Not due yet: a drain now posts nothing.
      await deliverNow();
      expect(r.received).toHaveLength(attempt);
      offset += delay + 1_000;
      await setClock(offset);
      await deliverNow();
      await until(`attempt ${String(attempt + 1)}`, () => (r.received.length >= attempt + 1 ? true : undefined));
    }
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThan(delays[i - 1] ?? 0);
    expect(delays[0]).toBeGreaterThanOrEqual(retryDelay(1) - 1_000);
    const [last] = await until('the final failure', async () => {
      const rows = await log(r.endpointId);
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    // Given up: later drains post nothing more.
    await setClock(offset + DAY);
    await deliverNow();
    expect(r.received).toHaveLength(MAX_ATTEMPTS);
    // Every attempt: the same idempotency id and body, each one signed (a fresh timestamp each time).
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(r.received.every((x) => x.verified)).toBe(true);
  });

  it('a hanging endpoint never delays the player; the attempt times out and is retried, then delivered', async () => {
    const r = await endpoint(['sessions.revoked'], 'hang');
    const p = await newPlayer('events-hang');
    await otherDevice(p);
    const started = Date.now();
    const reply = await settingPost(p.b, '/sessions/revoke-others', LANG);
    const took = Date.now() - started;
    expect(reply.status, reply.text).toBe(200);
    expect(took).toBeLessThan(2_000);
    await until('the hanging attempt', () => (r.received.length >= 1 ? true : undefined));
    const [row] = await until(
      'the timeout recorded',
      async () => {
        const rows = await log(r.endpointId);
        return rows[0]?.lastError?.startsWith('no answer') === true ? rows : undefined;
      },
      15_000,
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    r.mode = 'ok';
    await setClock(Date.parse(row?.nextAttemptAt ?? '') - Date.now() + 1_000);
    await deliverNow();
    const [done] = await until('delivered on retry', async () => {
      const rows = await log(r.endpointId);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(done?.attempts).toBe(2);
    expect(r.received[0]?.headers['webhook-id']).toBe(r.received[1]?.headers['webhook-id']);
  });

  it('a secret that does not open (sealed under another key) fails the attempt, counted, and posts nothing', async () => {
    const r = await endpoint(['account.blocked'], 'ok', btoa(String.fromCharCode(...new Uint8Array(32).fill(9))));
    const p = await newPlayer('events-badkey');
    expect((await ban(p.accountId, '7002')).status).toBe(200);
    const [row] = await until('the failed attempt', async () => {
      const rows = await log(r.endpointId);
      return rows[0]?.lastError !== null && rows[0]?.lastError !== undefined ? rows : undefined;
    });
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row?.lastError).toMatch(/could not prepare/);
    expect(r.received).toEqual([]);
  });

  it('a disabled endpoint gets nothing new', async () => {
    const r = await endpoint(['account.unblocked']);
    await setEndpointEnabled(instance.db, r.endpointId, false);
    const p = await newPlayer('events-disabled');
    await ban(p.accountId, '7001');
    await ban(p.accountId, null);
    await deliverNow();
    expect(await log(r.endpointId)).toEqual([]);
    expect(r.received).toEqual([]);
  });
});

describe('every event type fires from its real flow', () => {
  let r: Receiver;
  const fresh = async () => {
    r = await endpoint(EVENT_TYPES);
  };

  it('account.created (sign-up), password.changed, sessions.revoked, mfa.changed', async () => {
    await fresh();
    const { reply } = await signUp(uniqueEmail('events-flow'));
    const { hashedGlobalUserNo: hash } = reply.json as { hashedGlobalUserNo: string };
    const created = await until('account.created', () => r.received.find((x) => x.body.includes(hash)));
    expect(JSON.parse(created.body)).toMatchObject({ type: 'account.created' });

    const p = await newPlayer('events-flows');
    const changed = await settingPost(p.b, '/password/change', {
      currentPassword: PASSWORD,
      newPassword: 'New-Secret-42',
      ...LANG,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await eventOf(r, p.accountId, 'password.changed')).data).toMatchObject({ via: 'settings' });

    await otherDevice(p);
    expect((await settingPost(p.b, '/sessions/revoke-others', LANG)).status).toBe(200);
    await eventOf(r, p.accountId, 'sessions.revoked');

    const q = await newPlayer('events-mfa');
    await enableTotp(q);
    expect((await eventOf(r, q.accountId, 'mfa.changed')).data).toMatchObject({ factor: 'totp', enabled: true });
    expect(r.received.every((x) => x.verified)).toBe(true);
  });

  it('mfa.changed when a passkey is added or removed: the kind, and whether a second factor is left', async () => {
    await fresh();
    const p = await newPlayer('events-passkey');
    const mfaEvents = () => r.about(p.accountId).filter((e) => e.type === 'mfa.changed');
    const nth = (n: number) => until(`mfa.changed #${String(n)}`, () => mfaEvents()[n - 1]);
    const first = await registerPasskey(p.b, 'Phone');
    expect((await nth(1)).data).toMatchObject({ factor: 'passkey', enabled: true });
    const second = await registerPasskey(p.b, 'Laptop');
    await nth(2);
    // An unknown credential is refused and records nothing.
    expect((await put(p.b, '/passkey/remove', { credentialId: 'bm90LW1pbmU', ...CLOCK })).status).toBe(400);
    expect((await put(p.b, '/passkey/remove', { credentialId: first.id, ...CLOCK })).status).toBe(200);
    expect((await nth(3)).data).toMatchObject({ factor: 'passkey', enabled: true });
    expect((await put(p.b, '/passkey/remove', { credentialId: second.id, ...CLOCK })).status).toBe(200);
    expect((await nth(4)).data).toMatchObject({ factor: 'passkey', enabled: false });
    await deliverNow();
    expect(mfaEvents().map((e) => e.data.enabled)).toEqual([true, true, true, false]);
    expect(r.about(p.accountId).every((e) => e.r.verified)).toBe(true);
  });

  it('email.changed when a legacy-ID account takes its first email, not when a legacy-email one migrates', async () => {
    await fresh();
    const p = await legacyPlayer('id', { idPrefix: 'evtid', tag: 'events-legacy-id' });
    const newId = uniqueEmail('events-first-email');
    const migrated = await new Visitor().post('/api/account/v1/no-auth/migrate', {
      id: p.loginId,
      password: p.password,
      newId,
      refId: await signupCodeFor(newId),
    });
    expect(migrated.status, migrated.text).toBe(200);
    const event = await eventOf(r, p.accountId, 'email.changed');
    expect(event.r.body).not.toContain(newId);
    // A second call changes nothing and records nothing.
    const again = uniqueEmail('events-again');
    const second = await new Visitor().post('/api/account/v1/no-auth/migrate', {
      id: p.loginId,
      password: p.password,
      newId: again,
      refId: await signupCodeFor(again),
    });
    expect(second.code).toBe('20002');

    // A legacy-email account keeps its address: moving to it as sign-in id is no email change.
    const e = await legacyPlayer('email', { idPrefix: 'evtem', tag: 'events-legacy-email' });
    const kept = await new Visitor().post('/api/account/v1/no-auth/login/migrate-legacy', {
      id: e.loginId,
      password: e.password,
      email: e.email,
      deviceId: deviceId(),
    });
    expect(kept.status, kept.text).toBe(200);
    await deliverNow();
    expect(r.about(p.accountId).filter((x) => x.type === 'email.changed')).toHaveLength(1);
    expect(r.about(e.accountId).filter((x) => x.type === 'email.changed')).toEqual([]);
  });

  it('email.changed (settings email change)', async () => {
    await fresh();
    const p = await newPlayer('events-email');
    const newEmail = uniqueEmail('events-new');
    const requested = await settingPost(p.b, '/email/request-code', { newEmail, password: PASSWORD, ...LANG });
    expect(requested.status, requested.text).toBe(200);
    const { code } = await lastMail(newEmail);
    const confirmed = await p.b.request('PUT', '/api/account-setting/v1.0/email', {
      body: { newEmail, code, ...LANG },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const event = await eventOf(r, p.accountId, 'email.changed');
    // The address itself is not sent.
    expect(event.r.body).not.toContain(newEmail);
  });

  it('account.blocked and account.unblocked (dev ban route), once per change', async () => {
    await fresh();
    const p = await newPlayer('events-ban');
    expect((await ban(p.accountId, '7003')).status).toBe(200);
    expect((await eventOf(r, p.accountId, 'account.blocked')).data).toMatchObject({ reason: '7003' });
    // The same ban again changes nothing: no second event.
    expect((await ban(p.accountId, '7003')).status).toBe(200);
    expect((await ban(p.accountId, null)).status).toBe(200);
    await eventOf(r, p.accountId, 'account.unblocked');
    await deliverNow();
    expect(r.about(p.accountId).map((e) => e.type)).toEqual(['account.blocked', 'account.unblocked']);
  });

  it('account.blocked and account.unblocked from the staff console, with the ban reason', async () => {
    await fresh();
    const p = await newPlayer('events-staff-ban');
    const staff = await signedInStaff(instance, 'trust_safety');
    const path = `${STAFF}/accounts/${String(p.accountId)}`;
    const blocked = await staff.post(`${path}/block`, { reason: REASON, banReason: '7002' });
    expect(blocked.status, blocked.text).toBe(200);
    expect((await eventOf(r, p.accountId, 'account.blocked')).data).toMatchObject({ reason: '7002' });
    // A refused action (blocked already with that reason) records no event.
    expect((await staff.post(`${path}/block`, { reason: REASON, banReason: '7002' })).status).toBe(409);
    expect((await staff.post(`${path}/unblock`, { reason: REASON })).status).toBe(200);
    await eventOf(r, p.accountId, 'account.unblocked');
    await deliverNow();
    expect(r.about(p.accountId).map((e) => e.type)).toEqual(['account.blocked', 'account.unblocked']);
  });

  it("the staff console's delivery log: an admin reads an account's deliveries; bad filters change nothing", async () => {
    await fresh();
    const p = await newPlayer('events-staff-log');
    const staff = await signedInStaff(instance, 'trust_safety');
    const path = `${STAFF}/accounts/${String(p.accountId)}`;
    expect((await staff.post(`${path}/block`, { reason: REASON, banReason: '7001' })).status).toBe(200);
    await eventOf(r, p.accountId, 'account.blocked');
    await deliverNow();
    const admin = await signedInStaff(instance, 'admin');
    const log = await admin.get(`${STAFF}/events/deliveries?account_id=${String(p.accountId)}`);
    expect(log.status, log.text).toBe(200);
    // Other tests' endpoints may listen too: this receiver's row is the one to read.
    const mine = (reply: { json: unknown }) =>
      (reply.json as { items: EventDelivery[] }).items.filter((d) => d.endpointId === r.endpointId);
    expect(mine(log).map((d) => [d.type, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['account.blocked', 'delivered', 1, 204],
    ]);
    // By status: only failed rows, and this delivery is not one.
    const failed = await admin.get(`${STAFF}/events/deliveries?account_id=${String(p.accountId)}&status=failed`);
    expect(failed.status).toBe(200);
    expect((failed.json as { items: EventDelivery[] }).items.every((d) => d.status === 'failed')).toBe(true);
    expect(mine(failed)).toEqual([]);
    // Refused: an unknown status, a page too large; a trust & safety member without the action.
    expect((await admin.get(`${STAFF}/events/deliveries?status=lost`)).status).toBe(400);
    const big = await admin.get(`${STAFF}/events/deliveries?limit=500`);
    expect([big.status, big.code]).toEqual([400, 'STAFF_SEARCH_REFUSED']);
    const forbidden = await staff.get(`${STAFF}/events/deliveries`);
    expect([forbidden.status, forbidden.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    // A player session is not a staff session.
    expect((await p.b.get(`${STAFF}/events/deliveries`)).status).toBe(401);
  });

  it('child.deactivated and child.reactivated (parent)', async () => {
    await fresh();
    const parent = await consentedParent('events-parent');
    const child = await childOf(parent.accountId, 'events-child');
    await startSession(child.b, child.accountId);
    expect((await setStatus(parent.b, child.accountId, false)).status).toBe(200);
    await eventOf(r, child.accountId, 'child.deactivated');
    expect((await setStatus(parent.b, child.accountId, true)).status).toBe(200);
    await eventOf(r, child.accountId, 'child.reactivated');
    expect(r.about(parent.accountId).filter((e) => e.type.startsWith('child.'))).toEqual([]);
  });

  it('account.deleted when the grace period ends (purge), not when deletion is requested', async () => {
    await fresh();
    const p = await newPlayer('events-delete');
    expect((await settingPost(p.b, '/deletion', LANG)).status).toBe(200);
    await deliverNow();
    expect(r.about(p.accountId).filter((e) => e.type === 'account.deleted')).toEqual([]);
    await setClock(30 * DAY + MINUTE);
    const purged = await new Browser().post('/api/dev/accounts/purge', {});
    expect(purged.status, purged.text).toBe(200);
    await eventOf(r, p.accountId, 'account.deleted');
    // The delivery outlives the account (its row is gone, the log row stays). The server records the delivery once
    // the receiver has answered, so a moment after the receiver has the event: wait for the row, as for the event.
    const rows = await until('the delivered account.deleted row', async () => {
      const found = (await listDeliveries(instance.db, { endpointId: r.endpointId, type: 'account.deleted' })).filter(
        (d) => d.status === 'delivered',
      );
      return found.length > 0 ? found : undefined;
    });
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
