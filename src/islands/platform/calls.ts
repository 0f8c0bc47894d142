/**
 * The platform screens' calls, imported with the first call (on mount or on
 * submit), not with the page: the contract's schemas and the HTTP client are
 * a third of a page's budget (docs/performance.md). A screen warms them at
 * idle (../shared/warm-path).
 */
import { onDemandModule } from '../shared/warm-path';

export const platformCalls = onDemandModule(() => import('../../client/api/platform'));

/** The client id a console page sends: the carried clientId query value when valid, else the portal's own. */
export function consoleClientId(query: URLSearchParams): string {
  const value = query.get('clientId');
  return value !== null && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : 'account-portal';
}
