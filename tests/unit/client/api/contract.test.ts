import { describe, expect, it } from 'vitest';
import { serverPath } from '../../../../src/shared/contract/endpoint';
import { ALL_ENDPOINTS } from '../../../../src/shared/contract/index';

describe('the contract', () => {
  it('has unique endpoint ids', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('has one endpoint per method and path (unified variants included)', () => {
    const routes = ALL_ENDPOINTS.flatMap((e) => [
      `${e.method} ${serverPath(e)}`,
      ...(e.unifiedPath ? [`${e.method} ${serverPath(e, true)}`] : []),
    ]);
    const dupes = routes.filter((r, i) => routes.indexOf(r) !== i);
    expect(dupes).toEqual([]);
  });

  it('every POST body accepts membershipNo (the client adds it in every region but one)', () => {
    // A provider's webhook carries the provider's body, not the portal's.
    for (const e of ALL_ENDPOINTS.filter((x) => x.method === 'POST' && x.caller !== 'provider')) {
      expect(e.body, e.id).toBeDefined();
      const shape = (e.body as unknown as { def: { shape: Record<string, unknown> } }).def.shape;
      expect(Object.keys(shape), e.id).toContain('membershipNo');
    }
  });

  it('GET and DELETE calls carry no body; path parameters are declared in the path', () => {
    for (const e of ALL_ENDPOINTS) {
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body, e.id).toBeUndefined();
      expect(e.path.startsWith('/'), e.id).toBe(true);
      if (e.unifiedPath) expect(e.unifiedPath).toMatch(/\/unified\//);
    }
  });

  it('request bodies reject unknown fields', () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.body !== undefined)) {
      const result = e.body?.safeParse({ __unexpected: 1 });
      expect(result?.success, e.id).toBe(false);
    }
  });
});
