/**
 * The API contract is a table of endpoints: base, method, path, request and
 * response schemas. The islands' client calls them by value; the reference
 * API mounts a handler for each; the OpenAPI document is generated from them.
 * One definition per call, so the two halves cannot drift apart.
 */
import type * as z from 'zod/mini';
import type { RegionConfig } from '../../regions/schema';
import type { FlowSession } from './flow-session';

export type ApiBase = keyof RegionConfig['api'];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where the reference API serves each base (the region config points the islands at these by default). */
export const SERVER_BASES: Record<ApiBase, string> = {
  account: '/api/account/v1',
  selfService: '/api/self-service/v1.0',
  core: '/api',
  countryMembership: '/api/country-membership/v1',
  accountSetting: '/api/account-setting/v1.0',
  payment: '/api/payment/v1',
};

export interface Endpoint<
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Stable operation id (OpenAPI operationId, client function name). */
  readonly id: string;
  readonly base: ApiBase;
  readonly method: HttpMethod;
  /** Path below the base; `{name}` marks a path parameter. */
  readonly path: string;
  /** The [unified/] variant's path, when the spec lists one. */
  readonly unifiedPath?: string;
  /** Query parameters in camelCase (the client snake-cases them on the wire, spec §7). */
  readonly query?: Q;
  /** JSON body. membershipNo is added by the client where the region requires it; schemas accept it. */
  readonly body?: B;
  readonly response: R;
  /** Needs a logged-in session. */
  readonly auth: boolean;
  /**
   * What a page asks first when it opens, with a session other than the signed-in player's (a social sign-in's
   * third-party one, a console's linking one, the staff console's): without it the backend answers the session's
   * refusal (FLOW_SESSION_REFUSALS of ./flow-session: 20159, STAFF_LOGIN_REQUIRED), which the client answers itself
   * when the session's companion cookie is missing and the region's backend sets them (FLOW_SESSION_HINT_COOKIES),
   * so a page opened without its session makes no request.
   */
  readonly flowSession?: FlowSession;
  /**
   * Who calls it: the portal (the default), or a provider's server (a webhook, e.g. the SMS provider's inbound
   * messages), which the portal's client never calls and whose body is the provider's, not the portal's.
   */
  readonly caller?: 'provider';
  /** Client timeout override in ms (the country-membership API's 10 s). */
  readonly timeoutMs?: number;
  readonly summary: string;
}

// Plain data: marked side-effect free so an unused endpoint's paths and summary are dropped (docs/performance.md).
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
  A extends boolean = boolean,
>(def: Endpoint<Q, B, R> & { readonly auth: A }): Endpoint<Q, B, R> & { readonly auth: A } {
  return def;
}

/** Whether an endpoint needs a signed-in session, as its definition's literal says (the server hands it the account). */
export type AuthOf<E> = E extends { readonly auth: true } ? true : false;

export type QueryOf<E> = E extends Endpoint<infer Q> ? z.infer<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodMiniType, infer B> ? z.infer<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodMiniType, z.ZodMiniType, infer R> ? z.infer<R> : never;

/** The reference API's full path for an endpoint, in Hono's `:param` syntax. */
export function serverPath(e: Endpoint, unified = false): string {
  const path = unified && e.unifiedPath ? e.unifiedPath : e.path;
  return `${SERVER_BASES[e.base]}${path}`.replace(/\{(\w+)\}/g, ':$1');
}
