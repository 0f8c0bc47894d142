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

type Http = typeof import('../http/client');
/** The HTTP client once loaded: a call made after the warm-up finds it here, with no `import()` in between. */
let http: Http | undefined;
const loadHttp = (): Promise<Http> =>
  import('../http/client').then((m) => {
    http = m;
    return m;
  });

/**
 * Loads the HTTP client and the contract modules of every API module evaluated so far (issue 25 §1): an island's
 * action path warms its calls at idle (src/islands/shared/warm-path.ts), so the click's call waits on no code.
 */
export function warmCalls(): Promise<unknown> {
  // The failure rules load with a call's first failure: the error handling is part of the path too.
  return Promise.all([
    loadHttp().then((h) => {
      h.prepareCalls();
    }),
    import('../http/failure'),
    ...[...contracts].map((load) => load()),
  ]);
}

export function onDemand<M extends object>(load: () => Promise<M>) {
  let contract: M | undefined;
  const loadContract = () =>
    load().then((m) => {
      contract = m;
      return m;
    });
  contracts.add(loadContract);
  // EndpointName<M> guarantees an Endpoint; TypeScript cannot narrow M[K] through the mapped type.
  const send = <K extends EndpointName<M>>(c: M, h: Http, name: K, input?: InputOf<M[K]>) =>
    h.call(c[name] as Endpoint, input) as Promise<ResponseOf<M[K]>>;
  return <K extends EndpointName<M>>(name: K, input?: InputOf<M[K]>): Promise<ResponseOf<M[K]>> => {
    // Warmed: the request leaves in the caller's own task. Every `import()` resolves in a task of its own, even
    // for a module in memory, and behind the click's render, its paint and React's scheduled work on a busy phone.
    if (contract !== undefined && http !== undefined) return send(contract, http, name, input);
    return Promise.all([loadContract(), loadHttp()]).then(([c, h]) => send(c, h, name, input));
  };
}
