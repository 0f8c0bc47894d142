/** login/migration-tpa's calls (docs/legacy.md "Through a third-party sign-in"): one function per call. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/migration';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/migration'));

export const getTpaMigration = () => call('getTpaMigration');
export const migrateTpa = (body: BodyOf<typeof c.migrateTpa>) => call('migrateTpa', { body });
