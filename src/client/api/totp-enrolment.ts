/**
 * The authenticator enrolment's two calls (spec §7 two-factor: start, then confirm with a code), apart from the
 * other two-factor calls (./mfa): only setting/authenticator-enable makes them, at mount and on its submit, and
 * that page had no room for the other twelve stubs' file (476 B br and a file; docs/performance.md "Headroom").
 * Here they join the screen's own file.
 */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/mfa';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/mfa'));

export const startTotpEnrolment = () => call('startTotpEnrolment', { body: {} });
export const confirmTotp = (body: BodyOf<typeof c.confirmTotp>) => call('confirmTotp', { body });
