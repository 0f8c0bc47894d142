#!/usr/bin/env node
/**
 * npm run events:add: registers an endpoint of a game back end for account events (docs/events.md "Registering an
 * endpoint").
 *
 *   npm run events:add -- --url https://game.example/hooks/account --type account.deleted --type account.blocked \
 *     [--type …] [--description TEXT] [--json]
 *
 * Prints the endpoint id and its signing secret (`whsec_…`, Standard Webhooks format): shown once, stored sealed
 * (AES-GCM under a key derived from TOTP_ENCRYPTION_KEY), never shown again. --type all subscribes to every type.
 * The URL is https; http on a loopback host only for the local stack (npm start has DEV_TOOLS).
 * Database options as clients:add: --persist DIR (local D1, default .wrangler/state), --remote --database-id ID,
 * --database-url postgres://…; for a deployment set TOTP_ENCRYPTION_KEY to its value (locally .dev.vars holds it).
 */
import { parseArgs } from 'node:util';
import { DB_OPTIONS, DB_USAGE, sealingKey, serverModules, target, withDb } from './events-db.mjs';

const USAGE = `usage: npm run events:add -- --url URL --type TYPE [--type TYPE …] [--description TEXT] [--json]
       ${DB_USAGE}`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    type: { type: 'string', multiple: true, default: [] },
    description: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
    ...DB_OPTIONS,
  },
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
const where = target(values, fail);
if (!values.url) fail('--url is required');
// Loopback http is for a receiver beside the local stack only; the server refuses it again without DEV_TOOLS.
const problem = server.endpointUrlProblem(values.url, where.kind === 'local');
if (problem !== null) fail(`--url ${values.url}: ${problem}`);
let types;
try {
  types = server.subscribedTypes(values.type.includes('all') ? server.EVENT_TYPES : values.type);
} catch (error) {
  fail(error.message);
}
const description = values.description?.trim() || null;
if (description !== null && description.length > 200) fail('--description is at most 200 characters');

const key = sealingKey(where.kind, fail);
const endpointId = server.newEndpointId();
const secret = server.newEndpointSecret();
const secretSealed = await server.sealEndpointSecret(secret, key, endpointId);
await withDb(server, values, where, (db) =>
  server.registerEndpoint(db, { endpointId, url: values.url, secretSealed, description, types }, Date.now()),
);

if (values.json) console.log(JSON.stringify({ endpoint_id: endpointId, secret, types }));
else {
  console.log(`endpoint_id: ${endpointId}`);
  console.log(`secret:      ${secret}   (shown once: give it to the receiver, it verifies webhook-signature)`);
  console.log(`types:       ${types.join(', ')}`);
}
