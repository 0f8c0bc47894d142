/** Signing out (the reference API's session call). */
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/session'));

export const logout = () => call('logout', { body: {} });
