/** GET /api/openapi.json is generated from the contract: every endpoint, nothing else. */
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../src/shared/contract/index';
import { SERVER_BASES } from '../../src/shared/contract/endpoint';
import { Browser } from './client';

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

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
});
