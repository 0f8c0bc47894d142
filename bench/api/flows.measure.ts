/**
 * `npm run bench -- --flows` (or `npx vitest run --project bench-api`): what each player flow costs the database
 * and how long it takes, on every engine the API test set-up started (tests/api/global-setup.ts). Not a test:
 * a measurement that fails only when a flow itself fails.
 *
 * For each flow, ROUNDS times: the flow's requests through the real API, each answer's Server-Timing
 * (`db;dur=…;desc="q=N r=N w=N"`, server/core/db/middleware.ts) summed over the flow, and the wall time of the
 * flow's measured requests (p50/p95); of the rows written, the counters' (cw). Then password sign-in throughput
 * (parallel sign-ins for a few seconds) beside the machine's hash-bound limit, and the bytes per account by table of
 * the D1 file after the run (SQLite's dbstat).
 * Writes bench-results/api-flows.json and prints tables; docs/scale.md quotes them.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, inject, it } from 'vitest';
import { Browser, PASSWORD, createAccount, uniqueEmail, type Reply } from '../../tests/api/client';
import { ACCOUNT, loginBody, P, signUp, Visitor } from '../../tests/api/signin-helpers';
import { apiNow, enableTotp, IpBrowser, newPlayer, put, totpCode } from '../../tests/api/two-factor-helpers';
import { SS, verifiedByEmail } from '../../tests/api/self-service-helpers';
import { hashPassword, verifyPassword } from '../../server/core/security/password';
import { SESSION_COOKIE } from '../../src/shared/contract/http';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 5_000);
const ROOT = join(import.meta.dirname, '../..');

interface Cost {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  /** Of rowsWritten, the rate-limit and attempt counters' rows. */
  counterRowsWritten: number;
  /** rowsWritten by table (Server-Timing's dbw metric). */
  byTable: Record<string, number>;
}
interface FlowResult extends Omit<Cost, 'byTable'> {
  /** Where the median round's rows were written, by table. */
  writtenTo: string;
  flow: string;
  engine: string;
  p50ms: number;
  p95ms: number;
  rounds: number;
}

const TIMING = /db;dur=[\d.]+;desc="q=(\d+) r=(\d+) w=(\d+) cw=(\d+)"/;

/** A request's database cost from its Server-Timing header (zero when it ran no query). */
function costOf(reply: Reply): Cost {
  const header = reply.headers.get('Server-Timing') ?? '';
  const m = TIMING.exec(header);
  const byTable: Record<string, number> = {};
  for (const [, table = '', rows] of (/dbw;desc="([^"]*)"/.exec(header)?.[1] ?? '').matchAll(/([a-z_]+)=(\d+)/g))
    byTable[table] = Number(rows);
  return m
    ? {
        queries: Number(m[1]),
        rowsRead: Number(m[2]),
        rowsWritten: Number(m[3]),
        counterRowsWritten: Number(m[4]),
        byTable,
      }
    : zero();
}
const zero = (): Cost => ({ queries: 0, rowsRead: 0, rowsWritten: 0, counterRowsWritten: 0, byTable: {} });
const add = (a: Cost, b: Cost): Cost => ({
  queries: a.queries + b.queries,
  rowsRead: a.rowsRead + b.rowsRead,
  rowsWritten: a.rowsWritten + b.rowsWritten,
  counterRowsWritten: a.counterRowsWritten + b.counterRowsWritten,
  byTable: Object.fromEntries(
    [...new Set([...Object.keys(a.byTable), ...Object.keys(b.byTable)])].map((t) => [
      t,
      (a.byTable[t] ?? 0) + (b.byTable[t] ?? 0),
    ]),
  ),
});
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/**
 * One round of a flow: `measured` wraps the requests that count (each must answer `expected`, else a status below
 * 400); the set-up around them does not count.
 */
type Measured = (request: () => Promise<Reply>, expected?: string) => Promise<Reply>;
type Flow = (measured: Measured) => Promise<void>;

async function measure(engine: string, name: string, flow: Flow): Promise<FlowResult> {
  const times: number[] = [];
  const costs: Cost[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let cost = zero();
    let ms = 0;
    await flow(async (request, expected) => {
      const start = performance.now();
      const reply = await request();
      ms += performance.now() - start;
      if (expected === undefined) expect(reply.status, `${name}: ${reply.text}`).toBeLessThan(400);
      else expect(reply.code, `${name}: ${reply.text}`).toBe(expected);
      cost = add(cost, costOf(reply));
      return reply;
    });
    times.push(ms);
    costs.push(cost);
  }
  // The cost of a round is the same every round but for incidental work (a purge, a first-time row): the median.
  const median = (pick: (c: Cost) => number) => pct(costs.map(pick), 50);
  return {
    engine,
    flow: name,
    queries: median((c) => c.queries),
    rowsRead: median((c) => c.rowsRead),
    rowsWritten: median((c) => c.rowsWritten),
    counterRowsWritten: median((c) => c.counterRowsWritten),
    writtenTo: Object.entries(costs.find((c) => c.rowsWritten === median((m) => m.rowsWritten))?.byTable ?? {})
      .sort((x, y) => y[1] - x[1])
      .map(([t, n]) => `${t}=${n}`)
      .join(' '),
    p50ms: Math.round(pct(times, 50) * 10) / 10,
    p95ms: Math.round(pct(times, 95) * 10) / 10,
    rounds: ROUNDS,
  };
}

/** The portal's own call: a fresh visitor asks the configuration. */
const configuration: Flow = async (measured) => {
  await measured(() => new Browser().get(`${ACCOUNT}/no-auth/configuration`));
};

/** Password sign-in of a new player with no second factor, from a new browser: every counter row is new. */
const passwordSignIn: Flow = async (measured) => {
  const b = new Browser();
  const email = uniqueEmail('bench-signin');
  const accountId = await createAccount(b, email);
  await b.post('/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 5 },
    termsAccepted: true,
  });
  await measured(() => new Browser().post(P.login, loginBody({ email, password: PASSWORD })));
};

/**
 * A returning player's password sign-in (the goal's case, docs/scale.md): the browser signed in before (set-up), so
 * it is a known device; its session ended and it signs in again (measured).
 */
const returningSignIn: Flow = async (measured) => {
  const p = await newPlayer('bench-return');
  const b = new IpBrowser();
  const first = await b.post(P.login, loginBody({ email: p.email, password: PASSWORD }));
  expect(first.status, first.text).toBe(200);
  b.cookies.delete(SESSION_COOKIE);
  await measured(() => b.post(P.login, loginBody({ email: p.email, password: PASSWORD })));
};

/** Password (answered 20008: the second step is due), then the authenticator code, from a new browser. */
const totpSignIn: Flow = async (measured) => {
  const p = await newPlayer('bench-totp');
  const secret = await enableTotp(p);
  const b = new IpBrowser();
  const deviceId = 'device-bench';
  await measured(() => b.post(P.login, loginBody({ email: p.email, password: PASSWORD }, { deviceId })), '20008');
  // The next step's code: enabling used this step's.
  const code = totpCode(secret, (await apiNow()) + 30_000);
  await measured(() =>
    put(b, '/no-auth/trusted-device/verify', {
      email: p.email,
      deviceId,
      verificationCode: code,
      authType: 'TOTP',
      rememberMe: false,
    }),
  );
};

/** The web sign-up: email check, code, code check, sign-up session, sign-up. */
const signUpFlow: Flow = async (measured) => {
  await measured(async () => (await signUp(uniqueEmail('bench-signup'))).reply);
};

/** Settings overview of a signed-in player: the account and the sessions list. */
const settingsOverview: Flow = async (measured) => {
  const p = await newPlayer('bench-settings');
  await measured(() => p.b.get(P.account));
  await measured(() => p.b.get('/api/account-setting/v1.0/sessions'));
};

/** Reset by email code: session, look-up, code, verify (set-up), then the new password (measured). */
const passwordReset: Flow = async (measured) => {
  const p = await newPlayer('bench-reset');
  // A fresh address each round: the per-address self-service limits would stop a long run, as they should.
  const b = new Visitor();
  const { serial } = await verifiedByEmail(b, p.email);
  await measured(() =>
    b.request('PUT', `${SS}/no-auth/op/password`, { body: { serialNumber: serial, password: 'Bench-Reset-2049!' } }),
  );
};

/**
 * The machine's hash-bound limit: password verifications per second with every core busy (the sign-in's own
 * hash, CURRENT_PARAMS), measured in this process over a second and a half. No sign-in can beat it on this machine.
 */
async function hashBoundPerSecond(): Promise<number> {
  const stored = await hashPassword(PASSWORD);
  let done = 0;
  const end = performance.now() + 1_500;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
      while (performance.now() < end) {
        await verifyPassword(PASSWORD, stored);
        done++;
      }
    }),
  );
  return Math.round((done / (performance.now() - start)) * 1000 * 10) / 10;
}

/** Password sign-ins in parallel for THROUGHPUT_MS: completed sign-ins per second. */
async function throughput(): Promise<{ signInsPerSecond: number; parallel: number }> {
  const parallel = 8;
  const players: string[] = [];
  for (let i = 0; i < parallel; i++) {
    const b = new Browser();
    const email = uniqueEmail('bench-tput');
    const accountId = await createAccount(b, email);
    await b.post('/api/dev/account/state', {
      accountId,
      countryCode: 'US',
      birth: { year: 1990, month: 5 },
      termsAccepted: true,
    });
    players.push(email);
  }
  let done = 0;
  const end = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    players.map(async (email) => {
      while (performance.now() < end) {
        const r = await new Browser().post(P.login, loginBody({ email, password: PASSWORD }));
        if (r.status === 200) done++;
      }
    }),
  );
  return { signInsPerSecond: Math.round((done / THROUGHPUT_MS) * 1000 * 10) / 10, parallel };
}

/** Bytes per table of the instance's D1 file, and per account. */
function storage(persistDir: string) {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.sqlite')) files.push(path);
    }
  };
  walk(persistDir);
  // The persist folder holds D1's own metadata files too: the database is the one with an accounts table.
  const file = files.find((f) => {
    const probe = new DatabaseSync(f, { readOnly: true });
    try {
      return (
        probe.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'accounts'").get() !== undefined
      );
    } finally {
      probe.close();
    }
  });
  if (file === undefined) return null;
  const db = new DatabaseSync(file, { readOnly: true });
  const accounts = (db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n;
  // Each b-tree (a table, an index) takes one 4 KiB page empty: what accounts add is the rest (marginal bytes),
  // which is what grows with the player base; the empty schema's pages are a fixed few hundred KB.
  const trees = db
    .prepare(
      `SELECT COALESCE(m.tbl_name, s.name) AS tbl, s.name AS tree, SUM(s.pgsize) AS bytes, COUNT(*) AS pages
         FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name
        GROUP BY s.name`,
    )
    .all() as { tbl: string; tree: string; bytes: number; pages: number }[];
  db.close();
  const byTable = new Map<string, number>();
  for (const t of trees) byTable.set(t.tbl, (byTable.get(t.tbl) ?? 0) + Math.max(0, t.bytes - 4096));
  const marginal = [...byTable.values()].reduce((sum, b) => sum + b, 0);
  const total = trees.reduce((sum, t) => sum + t.bytes, 0);
  const per = (bytes: number) => Math.round(bytes / Math.max(accounts, 1));
  return {
    accounts,
    totalBytes: total,
    marginalBytes: marginal,
    bytesPerAccount: per(marginal),
    byTable: [...byTable]
      .filter(([, bytes]) => bytes > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([table, bytes]) => ({ table, bytes, perAccount: per(bytes) })),
  };
}

describe('API flows per engine', () => {
  it('measures the flows, sign-in throughput and storage', { timeout: 20 * 60_000 }, async () => {
    const engine = inject('apiEngine');
    const flows: [string, Flow][] = [
      ['configuration', configuration],
      ['password sign-in (new player, new browser)', passwordSignIn],
      ['password sign-in (returning, known device)', returningSignIn],
      ['sign-in with TOTP', totpSignIn],
      ['sign-up', signUpFlow],
      ['settings overview', settingsOverview],
      ['password reset', passwordReset],
    ];
    const results: FlowResult[] = [];
    // Every flow runs on both engines (the whole API suite passes on PostgreSQL): a failure is the bench's.
    for (const [name, flow] of flows) results.push(await measure(engine, name, flow));
    console.table(results);
    const rate = { ...(await throughput()), hashBoundPerSecond: await hashBoundPerSecond() };
    console.table([
      {
        engine,
        ...rate,
        shareOfHashBound: Math.round((rate.signInsPerSecond / rate.hashBoundPerSecond) * 100) / 100,
      },
    ]);
    // Bytes per account are measured on the D1 file (SQLite's dbstat); PostgreSQL stores the same rows.
    const bytes = engine === 'd1' ? storage(inject('apiPersistDir')) : null;
    if (bytes) {
      console.log(
        `storage: ${bytes.accounts} accounts, ${bytes.bytesPerAccount} B per account (marginal), ${bytes.totalBytes} B in all`,
      );
      console.table(bytes.byTable);
    }
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench-results', `api-flows-${engine}.json`),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          engine,
          rounds: ROUNDS,
          flows: results,
          throughput: rate,
          storage: bytes,
        },
        null,
        2,
      ),
    );
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.p50ms > 0)).toBe(true);
  });
});
