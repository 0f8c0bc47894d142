#!/usr/bin/env node
/**
 * Removes the accounts whose deletion grace period (30 days) has ended, on the
 * local stack `npm start` runs (docs/settings.md "Account deletion"):
 *
 *   npm run accounts:purge              # http://localhost:8788
 *   PORT=9000 npm run accounts:purge    # another port
 *
 * It calls the DEV_TOOLS hook POST /api/dev/accounts/purge, which runs the
 * same purge as a sign-in attempt. Sign-in attempts purge what is due anyway
 * (a Pages Function cannot run on a schedule); in production a scheduled
 * Worker bound to the same D1 calls `purgeDueAccounts` (server/settings/account-deletion.ts).
 */
const port = process.env.PORT ?? '8788';
const origin = `http://localhost:${port}`;
const response = await fetch(`${origin}/api/dev/accounts/purge`, {
  method: 'POST',
  headers: { Origin: origin, 'Content-Type': 'application/json', 'x-frontend-version': 'v1.129.1' },
  body: '{}',
}).catch((error) => {
  console.error(`No portal answers at ${origin} (start it with npm start): ${error.message}`);
  process.exit(1);
});
if (!response.ok) {
  console.error(`Purge refused: ${response.status} ${await response.text()}`);
  process.exit(1);
}
const { purged } = await response.json();
console.log(`Accounts removed: ${purged}`);
