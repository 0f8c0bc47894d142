/**
 * Mounts a contract endpoint on the app: its path (and unified variant), its
 * method, strict parsing of query and body with the endpoint's own schemas
 * (JSON with no repeated key at any depth, unknown fields refused),
 * the session requirement, and parsing of the handler's result with the
 * response schema (a handler cannot answer outside the contract).
 *
 *   mount(app, getConfiguration, async (c, input) => …)
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import {
  serverPath,
  type AuthOf,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type ResponseOf,
} from '../../../src/shared/contract/endpoint';
import { findAccountById } from '../data/accounts';
import type { AccountRow } from '../data/rows';
import { currentSession, requireSession, type Session } from '../security/sessions';
import type { AppEnv } from './app-env';
import { ApiError, badInput, LOGIN_REQUIRED } from './errors';
import { parseStrictJson } from './strict-json';

export interface Input<E extends Endpoint> {
  query: QueryOf<E>;
  body: BodyOf<E>;
  params: Record<string, string>;
  /** The fully signed-in session: always present when the endpoint has `auth: true`. */
  session: AuthOf<E> extends true ? Session : Session | null;
  /**
   * The signed-in account, loaded once here for an endpoint with `auth: true` (handlers never reload it);
   * null for the others, which read the account their own way (a sign-in in progress, a link, a token).
   */
  account: AuthOf<E> extends true ? AccountRow : null;
  /** The request came in on the [unified/] path. */
  unified: boolean;
}

export type Handler<E extends Endpoint> = (c: Context<AppEnv>, input: Input<E>) => Promise<ResponseOf<E>>;

/** Top-level objects refuse unknown keys, whatever the area file declared. */
export function strict(schema: z.ZodMiniType): z.ZodMiniType {
  return schema instanceof z.ZodMiniObject ? z.catchall(schema, z.never()) : schema;
}

function describe(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.code}`)
    .join('; ');
}

/** Spec §7: the client snake-cases GET params; the contract names them in camelCase. */
export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

function readQuery(c: Context<AppEnv>, schema: z.ZodMiniType | undefined): unknown {
  const url = new URL(c.req.url);
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    const name = camelCase(key);
    if (Object.hasOwn(query, name)) throw badInput(`Query parameter ${key} is repeated`);
    query[name] = value;
  }
  if (schema === undefined) {
    if (Object.keys(query).length > 0) throw badInput('This call takes no query parameters');
    return undefined;
  }
  const parsed = strict(schema).safeParse(query);
  if (!parsed.success) throw badInput(`Invalid query: ${describe(parsed.error)}`);
  return parsed.data;
}

/** Bodyless calls still receive the membershipNo the client adds to every POST body (spec §7). */
const bodyless = z.strictObject({ membershipNo: z.optional(z.number()) });

async function readBody(c: Context<AppEnv>, schema: z.ZodMiniType | undefined): Promise<unknown> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim().length > 0) {
    const parsed = parseStrictJson(text);
    if (!parsed.ok && parsed.reason === 'malformed') throw badInput('Malformed JSON body');
    // Last-wins would let two readers of the same body disagree on its meaning (server/core/http/strict-json.ts).
    if (!parsed.ok) throw badInput(`Repeated key in JSON body: ${JSON.stringify(parsed.key?.slice(0, 40))}`);
    json = parsed.value;
  }
  const parsed = (schema === undefined ? bodyless : strict(schema)).safeParse(json);
  if (!parsed.success) throw badInput(`Invalid body: ${describe(parsed.error)}`);
  return schema === undefined ? undefined : parsed.data;
}

/** The contract endpoints each app serves, so its OpenAPI document can say which are implemented. */
const served = new WeakMap<Hono<AppEnv>, Set<Endpoint>>();

export function servedEndpoints(app: Hono<AppEnv>): ReadonlySet<Endpoint> {
  return served.get(app) ?? new Set();
}

export function mount<E extends Endpoint>(app: Hono<AppEnv>, e: E, handler: Handler<E>): void {
  let endpoints = served.get(app);
  if (endpoints === undefined) served.set(app, (endpoints = new Set()));
  endpoints.add(e);
  const paths: [string, boolean][] = [[serverPath(e), false]];
  if (e.unifiedPath !== undefined) paths.push([serverPath(e, true), true]);
  for (const [path, unified] of paths) {
    app.on(e.method, path, async (c) => {
      const session = e.auth ? await requireSession(c) : await currentSession(c);
      const account = e.auth && session ? await findAccountById(c.var.db, session.accountId) : null;
      // A session whose account is gone (deleted by a purge in the meantime) is no sign-in.
      if (e.auth && account === null) throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
      const query = readQuery(c, e.query);
      const body = e.method === 'GET' ? undefined : await readBody(c, e.body);
      const input = {
        query: query as QueryOf<E>,
        body: body as BodyOf<E>,
        params: c.req.param(),
        // The conditional types follow `e.auth`, which the checks above enforce at run time.
        session: session as Input<E>['session'],
        account: account as Input<E>['account'],
        unified,
      } satisfies Input<E>;
      const result = await handler(c, input);
      // A result outside the contract is a server bug: it fails here (500), never reaches the client.
      return c.json(e.response.parse(result) as object);
    });
  }
}
