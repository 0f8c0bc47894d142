/**
 * GET /api/openapi.json is generated from the contract: every endpoint, nothing else; an operation this API does not
 * serve is marked x-not-implemented (none today: the reference API serves the whole contract), and every operation
 * the document does not mark is really served.
 */
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../src/shared/contract/index';
import { SERVER_BASES } from '../../src/shared/contract/endpoint';
import { buildOpenApi } from '../../server/configuration/openapi-routes';
import { Browser, type Reply } from './client';
import { Visitor } from './signin-helpers';

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

/** Every operation of the document: method, path (parameters filled in) and whether it is marked not implemented. */
async function operations(): Promise<{ method: string; path: string; id: string; marked: boolean }[]> {
  const doc = (await new Browser().get('/api/openapi.json')).json as Doc;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      // Any value reaches the route: the handler, not the router, judges a path parameter.
      path: path.replace(/\{\w+\}/g, 'x'),
      id: String(op['operationId']),
      marked: op['x-not-implemented'] === true,
    })),
  );
}

/** A minimal call: no query, an empty JSON body on state-changing methods, from a client IP of its own. */
function call(method: string, path: string): Promise<Reply> {
  const v = new Visitor();
  return method === 'GET' ? v.get(path) : v.request(method, path, { body: {} });
}

/**
 * Calls every operation, a few at a time: the calls are independent (each from a visitor IP of its own, no session),
 * and one after another they took 29 s of the test's 30 s on a loaded machine, growing with every operation added.
 */
async function callAll(ops: { method: string; path: string }[]): Promise<Reply[]> {
  const replies: Reply[] = new Array<Reply>(ops.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ops.length; i = next++) {
      const op = ops[i];
      if (op !== undefined) replies[i] = await call(op.method, op.path);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return replies;
}

/** What the API answers for a path nothing serves (server/app.ts notFound), or a path served for another method. */
const unserved = (r: Reply) => (r.status === 404 && r.code === 'NOT_FOUND') || r.status === 405;

describe('OpenAPI document', () => {
  it('lists every contract endpoint (and unified variant) and no dev route', async () => {
    const r = await new Browser().get('/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.json as Doc;
    expect(doc.openapi).toBe('3.1.0');
    for (const e of ALL_ENDPOINTS) {
      const op = doc.paths[`${SERVER_BASES[e.base]}${e.path}`]?.[e.method.toLowerCase()];
      expect(op, e.id).toMatchObject({ operationId: e.id });
      if (e.unifiedPath !== undefined)
        expect(doc.paths[`${SERVER_BASES[e.base]}${e.unifiedPath}`]?.[e.method.toLowerCase()]).toBeDefined();
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
  });

  it('documents snake_case query parameters, strict bodies and the error header', async () => {
    const doc = (await new Browser().get('/api/openapi.json')).json as Doc;
    const regionCountries = doc.paths['/api/country-membership/v1/no-auth/region-countries']?.['get'];
    expect(regionCountries?.['parameters']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'membership_no', in: 'query', required: true })]),
    );
    const logout = doc.paths['/api/account/v1/logout']?.['post'] as {
      requestBody: { content: { 'application/json': { schema: { additionalProperties: unknown } } } };
      responses: { default: { headers: Record<string, unknown> } };
    };
    expect(logout.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(logout.responses.default.headers).toHaveProperty('x-error-code');
  });

  it('names the flow session (and its companion cookie) of the steps that ask for one first', async () => {
    const doc = (await new Browser().get('/api/openapi.json')).json as Doc;
    const flowOps = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-flow-session'] !== undefined)
        .map(([method, op]) => ({ path, method, flow: op['x-flow-session'] as Record<string, unknown> })),
    );
    const marked = ALL_ENDPOINTS.filter((e) => e.flowSession !== undefined);
    expect(marked.map((e) => e.id).sort()).toEqual(
      ['getSocialLink', 'getTpaMigration', 'platformLinkingState', 'platformLinkingStateIal', 'tpaLogin'].sort(),
    );
    // tpaLogin has a unified variant: one operation more than endpoints.
    expect(flowOps).toHaveLength(marked.length + 1);
    const tpaLogin = doc.paths['/api/account/v1/no-auth/login/tpa']?.['post'];
    expect(tpaLogin?.['x-flow-session']).toMatchObject({
      session: 'tpa',
      companionCookie: '__Host-lf_tpa_hint',
      refusal: '20159',
    });
    const state = doc.paths['/api/account/v1/no-auth/global/{platform}/linking/state']?.['get'];
    expect(state?.['x-flow-session']).toMatchObject({ session: 'platform', companionCookie: '__Host-lf_pf_hint' });
    // Nothing a signed-in session reads is marked.
    expect(flowOps.filter((o) => doc.paths[o.path]?.[o.method]?.['security'] !== undefined)).toEqual([]);
  });

  it('marks nothing: the reference API serves every contract operation', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => o.marked).map((o) => `${o.id}: ${o.method} ${o.path}`)).toEqual([]);
  });

  it('marks an operation its server does not serve, and only that one (a publisher’s partial backend)', () => {
    // The same generator the route uses, over a served set lacking one endpoint (with a unified variant, so both
    // of its paths must be marked).
    const missing = ALL_ENDPOINTS.find((e) => e.unifiedPath !== undefined);
    if (missing === undefined) throw new Error('no endpoint with a unified variant');
    const doc = buildOpenApi(ALL_ENDPOINTS, new Set(ALL_ENDPOINTS.filter((e) => e !== missing))) as unknown as Doc;
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops)
        .filter((op) => op['x-not-implemented'] === true)
        .map((op) => ({ path, id: op['operationId'], description: op['description'] })),
    );
    expect(marked.map((m) => m.path).sort()).toEqual(
      [missing.path, missing.unifiedPath].map((p) => `${SERVER_BASES[missing.base]}${String(p)}`).sort(),
    );
    for (const m of marked) expect(m.description).toMatch(/Not implemented by the reference API/);
  });

  it('serves every operation it does not mark (a minimal call never meets the unknown-path 404)', async () => {
    const ops = (await operations()).filter((op) => !op.marked);
    const replies = await callAll(ops);
    const failures = ops.flatMap((o, i) => {
      const r = replies[i];
      return r === undefined || unserved(r)
        ? [`${o.id}: ${o.method} ${o.path} answered ${String(r?.status)} ${String(r?.code)}`]
        : [];
    });
    expect(ops.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('answers the unknown-path 404 for every operation it marks not implemented', async () => {
    const ops = (await operations()).filter((op) => op.marked);
    const replies = await callAll(ops);
    const failures = ops.flatMap((o, i) => {
      const r = replies[i];
      return r?.status === 404 && r.code === 'NOT_FOUND'
        ? []
        : [`${o.id}: ${o.method} ${o.path} answered ${String(r?.status)} ${String(r?.code)}`];
    });
    expect(failures).toEqual([]);
  });
});
