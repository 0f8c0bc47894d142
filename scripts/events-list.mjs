#!/usr/bin/env node
/**
 * npm run events:list: the registered event endpoints, their types and state (never their secrets).
 *
 *   npm run events:list [-- --json] [--persist DIR | --remote --database-id ID | --database-url postgres://…]
 *
 * The delivery log is GET /api/dev/events/deliveries on the local stack (docs/events.md "Delivery log").
 */
import { parseArgs } from 'node:util';
import { DB_OPTIONS, DB_USAGE, serverModules, target, withDb } from './events-db.mjs';

const USAGE = `usage: npm run events:list -- [--json] ${DB_USAGE}`;

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false }, ...DB_OPTIONS },
});

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const server = await serverModules();
const endpoints = await withDb(server, values, target(values, fail), (db) => server.listEndpoints(db));
if (values.json) console.log(JSON.stringify(endpoints));
else if (endpoints.length === 0) console.log('No endpoints: add one with npm run events:add');
else
  for (const e of endpoints)
    console.log(
      `${e.endpointId}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}\n  types: ${e.types.join(', ')}` +
        (e.description === null ? '' : `\n  ${e.description}`),
    );
