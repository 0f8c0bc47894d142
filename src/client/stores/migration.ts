/** Legacy-account migration state (spec §3). */
import { map } from 'nanostores';

export interface MigrationState {
  legacyEmail: string;
  legacyID: string;
  emailVerified: boolean;
  accountEmail: string;
  legacyLoginID: string;
}

export const $migration = map<MigrationState>({
  legacyEmail: '',
  legacyID: '',
  emailVerified: false,
  accountEmail: '',
  legacyLoginID: '',
});
