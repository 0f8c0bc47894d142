/** The identity provider's portal calls (src/shared/contract/oidc.ts): authorize and console activation. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/oidc';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/oidc'));

export const inspectAuthorize = (body: BodyOf<typeof c.inspectAuthorize>) => call('inspectAuthorize', { body });
export const decideAuthorize = (body: BodyOf<typeof c.decideAuthorize>) => call('decideAuthorize', { body });
export const inspectActivation = (body: BodyOf<typeof c.inspectActivation>) => call('inspectActivation', { body });
export const decideActivation = (body: BodyOf<typeof c.decideActivation>) => call('decideActivation', { body });
