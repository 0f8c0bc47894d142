/**
 * The API modules' calls load their contract module (zod schemas) and the HTTP client with the first call, not
 * with the page: an island that imports a call pays for neither before the player acts. zod, the contract and
 * the client are about 25 KB br, a third of a page's 75 KB budget (issue 11 §2, docs/performance.md).
 *
 *   import type * as c from '../../shared/contract/mfa';
 *   const call = onDemand(() => import('../../shared/contract/mfa'));
 *   export const confirmTotp = (body: BodyOf<typeof c.confirmTotp>) => call('confirmTotp', { body });
 *
 * Only type imports of the contract belong in an API module: a value import would load it with the page.
 */
import type { Endpoint, ResponseOf } from '../../shared/contract/endpoint';
import type { CallInput } from '../http/client';

/** The names of a contract module's endpoints. */
type EndpointName<M> = { [K in keyof M]: M[K] extends Endpoint ? K : never }[keyof M];
type InputOf<E> = E extends Endpoint<infer Q, infer B> ? CallInput<Q, B> : never;

/** The contract modules of the API modules evaluated so far: what the page's code can call. */
const contracts = new Set<() => Promise<unknown>>();

/**
 * Loads the HTTP client and the contract modules of every API module evaluated so far (issue 25 §1): an island's
 * action path warms its calls at idle (src/islands/shared/warm-path.ts), so the click's call waits on no code.
 */
export function warmCalls(): Promise<unknown> {
  // The failure rules load with a call's first failure: the error handling is part of the path too.
  return Promise.all([import('../http/client'), import('../http/failure'), ...[...contracts].map((load) => load())]);
}

export function onDemand<M extends object>(load: () => Promise<M>) {
  contracts.add(load);
  return <K extends EndpointName<M>>(name: K, input?: InputOf<M[K]>): Promise<ResponseOf<M[K]>> =>
    Promise.all([load(), import('../http/client')]).then(([contract, http]) => {
      // EndpointName<M> guarantees an Endpoint; TypeScript cannot narrow M[K] through the mapped type.
      const e = contract[name] as Endpoint;
      return http.call(e, input) as Promise<ResponseOf<M[K]>>;
    });
}
