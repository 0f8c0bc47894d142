/**
 * login/migration-tpa's migrate call and what follows it (./MigrationTpa.tsx), loaded with the player's choice so
 * the page's first load carries neither: on success the new ID is kept for migration-complete, which finishes
 * the sign-in the migration started. Answers the refusal's code (null: the page is leaving).
 */
import { migrateTpa } from '../../client/api/migration';
import { localClock } from '../../client/api/options';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { rememberMigratedAccount } from './migrated-account';
import * as routes from '../../routes/refs';

export async function runMigrateTpa(email: string, code: string | undefined): Promise<string | null> {
  const [failed, result] = await settle(
    migrateTpa({ email, ...(code === undefined ? {} : { code }), deviceId: getDeviceId(), ...localClock() }),
  );
  if (failed) return failed.navigating ? null : failed.code;
  rememberMigratedAccount(result.email, true);
  navigate(routes.loginMigrationComplete, { replace: true });
  return null;
}
