/**
 * The hash parameters of this server, one door for both tables: `standard` (passwords 600,000 iterations, backup
 * codes 100,000) unless a dev-mode test server asked for the test cost (PASSWORD_HASH_COST=test,
 * server/core/env.ts). Player passwords are hashed, checked and decoyed with these, so a check costs the same
 * whether the account exists or not, at either cost.
 */
import { settingsOf, type Env } from '../env';
import { BACKUP_CODE_HASH_PARAMS } from './backup-codes';
import { PASSWORD_HASH_PARAMS, type HashParams } from './password';

export function passwordParams(env: Env): HashParams {
  return PASSWORD_HASH_PARAMS[settingsOf(env).hashCost];
}

export function backupCodeParams(env: Env): HashParams {
  return BACKUP_CODE_HASH_PARAMS[settingsOf(env).hashCost];
}
