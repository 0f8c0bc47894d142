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
import { postDevHook } from './lib.mjs';

const { purged } = await postDevHook('/api/dev/accounts/purge', 'Purge');
console.log(`Accounts removed: ${purged}`);
