/**
 * GET /api/openapi.json: the OpenAPI 3.1 document generated from the contract
 * (src/shared/contract), so a publisher can implement the same API on its own
 * backend. Schemas come from zod's JSON Schema output; nothing is listed twice.
 *
 * The whole contract is listed (a publisher's backend implements all of it),
 * but an operation this reference API does not serve is marked
 * `x-not-implemented: true` with a note, so nobody mistakes it for a working
 * call here (docs/api.md "OpenAPI"). What is served is read from mount(),
 * never kept as a second list.
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { ALL_ENDPOINTS } from '../../src/shared/contract/index';
import { SERVER_BASES, type Endpoint } from '../../src/shared/contract/endpoint';
import { errorBodySchema } from '../../src/shared/contract/error-body';
import { EVENT_TYPES, eventPayload } from '../../src/shared/contract/events';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_COOKIE } from '../../src/shared/contract/http';
import { FLOW_SESSION_HINT_COOKIES, FLOW_SESSION_REFUSALS } from '../../src/shared/contract/flow-session';
import { ERROR_CODE_HEADER } from '../../src/shared/errors/codes';
import type { AppEnv } from '../core/http/app-env';
import { servedEndpoints, strict } from '../core/http/mount';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const out: Json = { ...z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) };
  delete out['$schema']; // the document declares the dialect once
  return out;
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

function queryParameters(e: Endpoint): Json[] {
  if (!e.query) return [];
  const schema = jsonSchema(e.query, 'input');
  const properties = (schema['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name: snakeCase(name),
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** The extension that marks a contract operation the reference API does not serve (it answers 404 NOT_FOUND). */
export const NOT_IMPLEMENTED = 'x-not-implemented';
const NOT_IMPLEMENTED_NOTE =
  'Not implemented by the reference API (it answers 404 NOT_FOUND here). The contract is in force: a backend ' +
  'serving the portal implements this operation as described.';

/**
 * Operations a page asks first with a session other than the player's (Endpoint.flowSession; docs/api.md "Flow
 * sessions").
 */
export const FLOW_SESSION_EXTENSION = 'x-flow-session';
const flowSessionNote = (refusal: string) =>
  `Needs the session named here (an HttpOnly cookie of the backend), else ${refusal} (401). A backend that sets ` +
  'the companion cookie (readable, value 1, set and cleared with the session) lets the portal skip this call when ' +
  'it is missing; the region config says whether it does (flowSessionHints).';

function operation(e: Endpoint, unified: boolean, implemented: boolean): Json {
  const changesState = e.method !== 'GET';
  const path = unified && e.unifiedPath !== undefined ? e.unifiedPath : e.path;
  return {
    operationId: unified ? `${e.id}Unified` : e.id,
    summary: e.summary,
    ...(implemented ? {} : { description: NOT_IMPLEMENTED_NOTE, [NOT_IMPLEMENTED]: true }),
    tags: [e.base],
    parameters: [
      ...pathParameters(path),
      ...queryParameters(e),
      ...(changesState
        ? [
            {
              name: FRONTEND_VERSION_HEADER,
              in: 'header',
              required: true,
              description: 'Front-end version; required on state-changing calls (CSRF defence).',
              schema: { type: 'string', example: FRONTEND_VERSION },
            },
          ]
        : []),
    ],
    ...(e.body !== undefined
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(strict(e.body), 'input') } },
          },
        }
      : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } },
      default: {
        description: `Failure: the spec §8 code in the ${ERROR_CODE_HEADER} header and the body.`,
        headers: { [ERROR_CODE_HEADER]: { schema: { type: 'string' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
    ...(e.auth ? { security: [{ sessionCookie: [] }] } : {}),
    ...(e.flowSession !== undefined
      ? {
          [FLOW_SESSION_EXTENSION]: {
            session: e.flowSession,
            companionCookie: FLOW_SESSION_HINT_COOKIES[e.flowSession],
            refusal: FLOW_SESSION_REFUSALS[e.flowSession],
            description: flowSessionNote(FLOW_SESSION_REFUSALS[e.flowSession]),
          },
        }
      : {}),
  };
}

/**
 * The account events a publisher's back end receives (docs/events.md), as OpenAPI 3.1 webhooks: one POST per
 * type, its body the event's payload schema, signed with the Standard Webhooks headers.
 */
function eventWebhooks(): Record<string, Json> {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event.${type}`,
          summary: `Account event ${type} (signed webhook, docs/events.md).`,
          tags: ['events'],
          parameters: [
            header('webhook-id', 'The idempotency id: the same on every attempt of this event.'),
            header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed; refuse stale ones.'),
            header('webhook-signature', 'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">'),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(eventPayload(type), 'output') } },
          },
          responses: { '200': { description: 'Any 2xx: received (other answers and timeouts are retried).' } },
        },
      },
    ]),
  );
}

/**
 * The document for `endpoints`. With `served`, every endpoint outside it is
 * marked not implemented; without, every endpoint is listed as implemented
 * (a publisher's view of the contract alone).
 */
export function buildOpenApi(endpoints: readonly Endpoint[], served?: ReadonlySet<Endpoint>): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of endpoints) {
    const variants: [string, boolean][] = [[e.path, false]];
    if (e.unifiedPath !== undefined) variants.push([e.unifiedPath, true]);
    for (const [path, unified] of variants) {
      const full = `${SERVER_BASES[e.base]}${path}`;
      paths[full] ??= {};
      paths[full][e.method.toLowerCase()] = operation(e, unified, served === undefined || served.has(e));
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Player account API',
      version: FRONTEND_VERSION,
      description:
        'The contract between the account portal and its backend. Errors carry the code in the x-error-code header. ' +
        'State-changing calls need a JSON body, the front-end version header and an allowed Origin. ' +
        `Operations marked ${NOT_IMPLEMENTED} are part of the contract but not served by this reference API.`,
    },
    paths,
    webhooks: eventWebhooks(),
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}

const cached = new WeakMap<Hono<AppEnv>, Json>();

export function openApiRoutes(app: Hono<AppEnv>): void {
  app.get('/api/openapi.json', (c) => {
    // Built at the first request, when every route of the app is mounted.
    let doc = cached.get(app);
    if (doc === undefined) {
      doc = buildOpenApi(ALL_ENDPOINTS, servedEndpoints(app));
      cached.set(app, doc);
    }
    return c.json(doc);
  });
}
