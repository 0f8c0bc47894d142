#!/usr/bin/env node
/**
 * npm run staff:add: adds a staff account of the staff console (docs/staff-console.md).
 *
 *   npm run staff:add -- --email ana@publisher.example --name "Ana Lima" --role support_agent|trust_safety|admin
 *
 * Prints the password (generated; or give --password) and the authenticator secret with its otpauth URI, once:
 * only the password's hash and the sealed secret are stored. Sign-in needs both (the second factor is mandatory).
 * The seal key is TOTP_ENCRYPTION_KEY: from the environment, else .dev.vars (the local stack's).
 * Options: --persist DIR (the local D1 of `npm start`, default .wrangler/state), --json; production: --remote
 * --database-id ID (wrangler's remote bindings, after `npx wrangler login`); on PostgreSQL: --database-url
 * postgres://… (or DB_ENGINE=postgres with DATABASE_URL). The row is written by the server's own data access
 * (server/staff/accounts.ts addStaff), bundled here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importServerModules, operatorCommand, ROOT, withOperatorDb } from './lib.mjs';

const USAGE = `usage: npm run staff:add -- --email EMAIL --name NAME --role support_agent|trust_safety|admin
       [--password PASSWORD] [--persist DIR] [--remote --database-id ID] [--database-url postgres://…] [--json]`;

const command = operatorCommand(USAGE, {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
});
const { values, fail } = command;

const server = await importServerModules(`
      export { addStaff, staffInputProblem } from './server/staff/accounts.ts';
      export { isUniqueViolation } from './server/core/db/engine.ts';
      export { d1Db } from './server/core/db/d1.ts';
      export { postgresDb } from './server/core/db/postgres.ts';
    `);

const input = {
  email: values.email ?? '',
  displayName: values.name ?? '',
  role: values.role ?? '',
  ...(values.password === undefined ? {} : { password: values.password }),
};
const problem = server.staffInputProblem(input);
if (problem !== null) fail(problem);

function totpKey() {
  if (process.env.TOTP_ENCRYPTION_KEY) return process.env.TOTP_ENCRYPTION_KEY;
  const file = join(ROOT, '.dev.vars');
  const line = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('TOTP_ENCRYPTION_KEY='))
    : undefined;
  if (line === undefined) fail("set TOTP_ENCRYPTION_KEY (the deployment's) or run `npm start` once for .dev.vars");
  return line.slice('TOTP_ENCRYPTION_KEY='.length);
}
const key = totpKey();

// wrangler's notices ("Using secrets defined in .dev.vars") would precede the output: --json is read by machines.
process.env.WRANGLER_LOG ??= 'error';

const added = await withOperatorDb({ ...command, server, name: 'staff-add' }, async (db) => {
  try {
    return await server.addStaff(db, input, key, Date.now());
  } catch (e) {
    if (server.isUniqueViolation(e, 'staff_accounts', 'email')) fail(`${input.email} is a staff account already`);
    throw e;
  }
});

if (values.json) console.log(JSON.stringify(added));
else {
  console.log(`staff account ${added.id}: ${added.email} (${added.role})`);
  console.log(`password:                        ${added.password}   (shown once)`);
  console.log(`authenticator secret (base32):   ${added.totpSecret}`);
  console.log(`otpauth URI:                     ${added.otpauthUri}`);
}
