#!/usr/bin/env node
/**
 * npm run support:cases: the operator's desk for ownership-verification cases (docs/support-cases.md).
 *
 *   npm run support:cases -- list [--status open|approved|rejected|all]
 *   npm run support:cases -- show LF-XXXXXXXX
 *   npm run support:cases -- approve LF-XXXXXXXX     # emails the player a single-use reset link
 *   npm run support:cases -- reject LF-XXXXXXXX      # emails the player the way to a new request
 *
 * Options: --persist DIR (the local D1 of `npm start`, default .wrangler/state), --operator NAME (recorded in
 * the audit log; default $USER), --json (machine-readable output, used by the e2e test).
 * Production: --remote --database-id ID talks to the region's D1 on Cloudflare (wrangler's remote bindings,
 * after `npx wrangler login`) and sends the emails through EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM from the
 * environment, the same adapter the API uses; without them it refuses, so no decision is made that no one hears of.
 *
 * The decisions are server/support/operator.ts, bundled on the fly with esbuild (as scripts/seed.mjs does), so
 * the script changes the database exactly as the API's own code and the API tests do.
 */
import { parseArgs } from 'node:util';
import { importServerModules, openD1Binding } from './lib.mjs';

const USAGE = `usage: npm run support:cases -- <list [--status open|approved|rejected|all] | show REF | approve REF | reject REF>
       [--persist DIR] [--remote --database-id ID] [--operator NAME] [--json]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: 'string', default: 'open' },
    persist: { type: 'string', default: '.wrangler/state' },
    remote: { type: 'boolean', default: false },
    'database-id': { type: 'string' },
    operator: { type: 'string', default: process.env.USER || 'operator' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const [command, reference] = positionals;

function fail(message) {
  console.error(message);
  process.exit(2);
}

if (values.help || command === undefined) fail(USAGE);
if (!['list', 'show', 'approve', 'reject'].includes(command)) fail(`Unknown command ${command}\n${USAGE}`);
if (command !== 'list' && reference === undefined) fail(`${command} needs a case reference (LF-XXXXXXXX)\n${USAGE}`);
if (!['open', 'approved', 'rejected', 'all'].includes(values.status)) fail(`Unknown status ${values.status}`);

// The server modules the desk needs, bundled from TypeScript into one ESM module.
const server = await importServerModules(`
      export * from './server/support/operator.ts';
      export { systemClock } from './server/core/clock.ts';
      export { readDevOffset } from './server/core/data/dev-clock.ts';
      export { d1Db } from './server/core/db/d1.ts';
      export { outboxEmail, httpEmail } from './server/core/providers/email.ts';
    `);

// Wrangler's notes ("Using secrets defined in .dev.vars") would mix with the JSON a caller parses.
if (values.json) process.env.WRANGLER_LOG = 'error';

/** The D1 binding: the local SQLite of `npm start` (or an e2e server), or the deployment's database. */
async function openDatabase() {
  if (!values.remote) return openD1Binding({ persist: values.persist });
  if (!values['database-id']) fail('--remote needs --database-id (the id `wrangler d1 create` printed for the region)');
  const email = ['EMAIL_API_URL', 'EMAIL_API_KEY', 'EMAIL_FROM'].filter((k) => !process.env[k]);
  if (email.length > 0 && command !== 'list' && command !== 'show')
    fail(`--remote sends the player's email through the production adapter: set ${email.join(', ')}`);
  return openD1Binding({ remote: true, databaseId: values['database-id'], name: 'player-account-portal-support-desk' });
}

function emailOf(db, clock) {
  // The mail providers write the outbox through the data engine (server/core/db), here over the D1 binding.
  if (!values.remote) return server.outboxEmail(server.d1Db(db), clock);
  const { EMAIL_API_URL: url, EMAIL_API_KEY: key, EMAIL_FROM: from } = process.env;
  return server.httpEmail({ url, key, from }, server.d1Db(db), clock);
}

const when = (ms) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));
const accountOf = (c) => (c.account_id === null ? 'NOT FOUND' : `${c.account_id} ${c.account_email ?? ''}`.trim());

function printCase(c) {
  const lines = [
    `Reference:     ${c.reference}   (${c.status}${c.decided_at === null ? '' : ` ${when(c.decided_at)}`})`,
    `Submitted:     ${when(c.created_at)} from ${c.ip ?? 'unknown IP'}, language ${c.locale}`,
    `Account:       ${accountOf(c)}   (entered as "${c.account_input}")`,
    `Contact email: ${c.contact_email}`,
    `Games:         ${JSON.parse(c.product_ids).join(', ') || '-'}${c.game_region ? `   region ${c.game_region}` : ''}`,
    `Order:         ${c.order_id ?? '-'}${c.purchase_date ? `   bought ${c.purchase_date}` : ''}`,
    'Description:',
    ...c.description.split('\n').map((l) => `  ${l}`),
  ];
  console.log(lines.join('\n'));
}

const proxy = await openDatabase();
let code = 0;
try {
  const db = proxy.env.DB;
  const clock = server.systemClock(values.remote ? 0 : await server.readDevOffset(db));
  // The cases' data functions take the engine-neutral Db (server/core/db), here over the D1 binding.
  const deps = { db: server.d1Db(db), clock, email: emailOf(db, clock), operator: values.operator };
  if (command === 'list') {
    const cases = await server.listCases(deps.db, values.status === 'all' ? undefined : values.status);
    if (values.json) console.log(JSON.stringify(cases));
    else if (cases.length === 0) console.log(`No ${values.status === 'all' ? '' : `${values.status} `}cases.`);
    else
      for (const c of cases)
        console.log(
          `${c.reference}  ${c.status.padEnd(8)}  ${when(c.created_at)}  ${accountOf(c).padEnd(40)}  contact ${c.contact_email}`,
        );
  } else if (command === 'show') {
    const found = await server.findCase(deps.db, reference.trim().toUpperCase());
    if (found === null) throw new server.CaseRefused(`No case ${reference}`);
    if (values.json) console.log(JSON.stringify(found));
    else printCase(found);
  } else {
    const decide = command === 'approve' ? server.approveCase : server.rejectCase;
    const decision = await decide(deps, reference);
    if (values.json) console.log(JSON.stringify(decision));
    else
      console.log(
        `${decision.reference} ${decision.status}; ${decision.contactEmail} was emailed` +
          (decision.status === 'approved' ? ` a reset link valid until ${when(decision.expiresAt)} UTC.` : '.'),
      );
  }
} catch (e) {
  if (e instanceof Error && e.name === 'CaseRefused') {
    console.error(e.message);
    code = 1;
  } else throw e;
} finally {
  await proxy.dispose();
}
process.exit(code);
