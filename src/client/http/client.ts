/**
 * The islands' one HTTP client (spec §7 "General", §8). Every API call goes
 * through `call(endpoint, input)`: it builds the URL from the region's API
 * base, picks the unified variant, snake-cases GET parameters, adds
 * membershipNo to POST bodies where the region wants it, sends credentials,
 * the front-end version header and the session id header, applies the
 * timeout, parses the response with the endpoint's schema and turns every
 * failure into an ApiError.
 *
 * The base is redaxios (issue 3, the design card: one base HTTP client): it
 * sends the JSON body, reads the answer (JSON when it parses, else the text)
 * and rejects with the answer on an error status. The rules that turn an
 * error answer into a code load with the first failed answer (`./failure`).
 *
 * `createClient` takes the region config and the transport so tests can run
 * the real logic per region with a fake `fetch`; `call` is the instance for
 * the build's region (`@region`).
 */
import redaxios, { type Options as RedaxiosOptions, type Response as RedaxiosResponse } from 'redaxios';
import type * as z from 'zod/mini';
import region from '@region';
import { isLocale, DEFAULT_LOCALE } from '../../i18n/locales';
import type { RegionConfig } from '../../regions/schema';
import type { Endpoint } from '../../shared/contract/endpoint';
import {
  DEFAULT_TIMEOUT_MS,
  FRONTEND_VERSION,
  FRONTEND_VERSION_HEADER,
  SESSION_ID_HEADER,
} from '../../shared/contract/http';
import { FLOW_SESSION_HINT_COOKIES, FLOW_SESSION_REFUSALS, type FlowSession } from '../../shared/contract/flow-session';
import { encodeQuery, type QueryValue } from '../../shared/contract/query-case';
import { ApiError } from './api-error';
import type { FailedAnswer } from './failure';
import { getSessionId } from './session';
import { readCookie } from '../startup/cookies';

/** Spec §7, §9: the country-membership API times out after 10 s. */
export const COUNTRY_API_TIMEOUT_MS = 10_000;
/** Every other call: long enough for a slow mobile link, short enough that a hung request becomes TIMEOUT. */
export { DEFAULT_TIMEOUT_MS };

/** The region values the client reads. */
export type ClientRegion = Pick<
  RegionConfig,
  'api' | 'unified' | 'membershipNo' | 'postBodiesCarryMembershipNo' | 'flowSessionHints'
>;

export interface ClientOptions {
  readonly region: ClientRegion;
  /** Transport; defaults to the global fetch. Tests inject a fake. */
  readonly fetch?: typeof fetch;
  /** Leaves the page (CDN block); defaults to location.assign. */
  readonly navigate?: (url: string) => void;
  /** The page's locale for the error page URL; defaults to the /account/{locale}/ segment of the location. */
  readonly locale?: () => string;
  /** Session id for the header; defaults to the session module. */
  readonly sessionId?: () => string | undefined;
  /** A cookie the page can read (a flow session's companion); defaults to document.cookie. */
  readonly cookie?: (name: string) => string | undefined;
}

export interface CallInput<Q extends z.ZodMiniType = z.ZodMiniType, B extends z.ZodMiniType = z.ZodMiniType> {
  readonly query?: z.infer<Q>;
  readonly body?: z.infer<B>;
  /** Values for `{name}` path parameters. */
  readonly params?: Readonly<Record<string, string>>;
  /** Use the [unified/] variant (route name contains unified, or the unified query flag); the one region always does. */
  readonly unified?: boolean | undefined;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Client {
  /** Typed like `call<E extends Endpoint>(e: E, input): Promise<ResponseOf<E>>`, spelled over E's schemas. */
  readonly call: <Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
    e: Endpoint<Q, B, R>,
    input?: CallInput<Q, B>,
  ) => Promise<z.infer<R>>;
  /** GET a static JSON file (CDN content) and parse it; failures are ApiErrors like any call. */
  readonly getJson: <S extends z.ZodMiniType>(url: string, schema: S) => Promise<z.infer<S>>;
}

const ACCOUNT_LOCALE = /^\/account\/([a-z]{2})(?:\/|$)/;

function locationLocale(): string {
  const match = typeof location === 'undefined' ? null : ACCOUNT_LOCALE.exec(location.pathname);
  const locale = match?.[1];
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Fills `{name}` path parameters; a missing one is a programming error. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** The path of an endpoint for a call: the unified variant when asked for or when the region is unified. */
export function endpointPath(e: Endpoint, r: Pick<ClientRegion, 'unified'>, unified: boolean | undefined): string {
  return (unified === true || r.unified) && e.unifiedPath !== undefined ? e.unifiedPath : e.path;
}

/** Spec §7: membershipNo in every POST body, in every region but one. A caller's explicit value wins. */
export function withMembershipNo(
  method: Endpoint['method'],
  body: unknown,
  r: Pick<ClientRegion, 'membershipNo' | 'postBodiesCarryMembershipNo'>,
): unknown {
  if (method !== 'POST' || !r.postBodiesCarryMembershipNo || r.membershipNo === null) return body;
  const fields = typeof body === 'object' && body !== null ? body : {};
  return { membershipNo: r.membershipNo, ...fields };
}

function timeoutFor(e: Endpoint): number {
  return e.timeoutMs ?? (e.base === 'countryMembership' ? COUNTRY_API_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
}

/** redaxios rejects with the answer on an error status, with the fetch error when there is no answer. */
function isAnswer(value: unknown): value is RedaxiosResponse<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && 'headers' in value;
}

export function createClient(options: ClientOptions): Client {
  const r = options.region;
  const navigate =
    options.navigate ??
    ((url: string) => {
      location.assign(url);
    });
  const locale = options.locale ?? locationLocale;
  const sessionId = options.sessionId ?? getSessionId;
  const cookie = options.cookie ?? readCookie;

  /**
   * A flow's step opened without its flow (a bookmark, a reload after it ended), a staff page without the staff
   * session: the backend's companion cookie of the session is missing, so the call would only hear the session's
   * refusal (FLOW_SESSION_REFUSALS: 20159, STAFF_LOGIN_REQUIRED); the client answers that itself, with no request
   * and no 401 in the console. Empty counts as missing (a deleted cookie). Only where the backend sets them.
   */
  function missingSession(e: Endpoint): FlowSession | undefined {
    const session = e.flowSession;
    if (session === undefined || !r.flowSessionHints) return undefined;
    return (cookie(FLOW_SESSION_HINT_COOKIES[session]) ?? '') === '' ? session : undefined;
  }

  /** The ApiError of an answer with an error status; its rules load with the first failed answer. */
  async function failure(answer: FailedAnswer): Promise<ApiError> {
    // The CDN-block rules are a chunk of their own that the failure rules import: fetched side by side, not one
    // after the other (the page ships no module preload for on-demand chunks).
    const [rules] = await Promise.all([
      import('./failure').catch(() => undefined),
      import('./cdn-block').catch(() => undefined),
    ]);
    // The code could not be fetched either: the connection is what failed.
    if (rules === undefined) return new ApiError('NETWORK_ERROR', 0, { endpointId: answer.endpointId });
    return rules.answerFailure(answer, locale(), navigate);
  }

  /** Sends one request and parses a successful answer with `schema`; every failure becomes an ApiError. */
  async function exchange<S extends z.ZodMiniType>(
    config: RedaxiosOptions,
    schema: S,
    timeoutMs: number,
    endpointId?: string,
  ): Promise<z.infer<S>> {
    const transport = options.fetch ?? fetch;
    const controller = new AbortController();
    // The timer covers the whole exchange, body included; redaxios has no timeout of its own.
    const timer = setTimeout(() => {
      controller.abort();
    }, timeoutMs);
    const withSignal: typeof fetch = (input, init) => transport(input, { ...init, signal: controller.signal });
    let response: RedaxiosResponse<unknown>;
    try {
      response = await redaxios<unknown>({ ...config, fetch: withSignal });
    } catch (error) {
      // No answer: our abort (timeout) or the network (offline, DNS, CORS, connection reset).
      if (!isAnswer(error))
        throw new ApiError(controller.signal.aborted ? 'TIMEOUT' : 'NETWORK_ERROR', 0, { endpointId });
      const { status, headers, data } = error;
      throw await failure({ status, headers, data, endpointId });
    } finally {
      clearTimeout(timer);
    }
    // redaxios swallows a body cut short; our abort during the body is still a timeout.
    if (controller.signal.aborted) throw new ApiError('TIMEOUT', 0, { endpointId });
    // Calls without data answer {}; an empty body is read the same way.
    const parsed = schema.safeParse(response.data === '' ? {} : response.data);
    // A response that breaks the contract is the server's fault, whatever its status.
    if (!parsed.success) throw new ApiError('SERVER_ERROR', response.status, { endpointId });
    return parsed.data;
  }

  return {
    async call(e, input = {}) {
      const missing = missingSession(e);
      if (missing !== undefined) throw new ApiError(FLOW_SESSION_REFUSALS[missing], 401, { endpointId: e.id });
      let url = `${r.api[e.base]}${fillPath(endpointPath(e, r, input.unified), input.params ?? {})}`;
      if (input.query !== undefined) {
        // QueryOf<E> is an object of scalar fields by construction of the query schemas.
        const search = encodeQuery(input.query as Readonly<Record<string, QueryValue>>).toString();
        if (search) url += `?${search}`;
      }
      const headers: Record<string, string> = { [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION, ...input.headers };
      const id = sessionId();
      if (id !== undefined) headers[SESSION_ID_HEADER] = id;
      const config: RedaxiosOptions = { url, method: e.method, headers, withCredentials: true };
      const body = withMembershipNo(e.method, input.body, r);
      if (body !== undefined) config.data = body;
      return exchange(config, e.response, timeoutFor(e), e.id);
    },
    getJson(url, schema) {
      return exchange({ url, method: 'GET' }, schema, DEFAULT_TIMEOUT_MS);
    },
  };
}

const client = createClient({ region });

/** Calls an endpoint of the contract for this build's region. */
export const call = client.call;
/** Fetches and parses a static JSON file (gamelist.json, notifications.json). */
export const getJson = client.getJson;

/**
 * Reads now what every call sends and reads once (the session id, from storage, checked): the action path's
 * warm-up runs it at idle (src/client/api/on-demand.ts `warmCalls`), so the first click does not.
 */
export function prepareCalls(): void {
  getSessionId();
}
