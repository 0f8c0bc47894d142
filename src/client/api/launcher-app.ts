/** The launcher's hand-offs with the system browser (src/shared/contract/launcher-app.ts): one function per call. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/launcher-app';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/launcher-app'));

export const requestTpaApp = (body: BodyOf<typeof c.requestTpaApp>) => call('requestTpaApp', { body });
export const approveTpaApp = (body: BodyOf<typeof c.approveTpaApp>) => call('approveTpaApp', { body });
export const redeemTpaApp = (body: BodyOf<typeof c.redeemTpaApp>) => call('redeemTpaApp', { body });
export const requestSsoCode = (body: BodyOf<typeof c.requestSsoCode>) => call('requestSsoCode', { body });
export const redeemSsoCode = (body: BodyOf<typeof c.redeemSsoCode>) => call('redeemSsoCode', { body });
