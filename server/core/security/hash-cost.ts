/**
 * The password-hash parameters of this server: `standard` (600,000 iterations) unless a dev-mode test server
 * asked for the test cost (PASSWORD_HASH_COST=test, server/core/env.ts). Player passwords are hashed, checked and
 * decoyed with these, so a check costs the same whether the account exists or not, at either cost.
 */
import { settingsOf, type Env } from '../env';
import { PASSWORD_HASH_PARAMS, type HashParams } from './password';

export function passwordParams(env: Env): HashParams {
  return PASSWORD_HASH_PARAMS[settingsOf(env).hashCost];
}
