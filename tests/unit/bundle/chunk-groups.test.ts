import { describe, expect, it } from 'vitest';
import { chunkGroups, staticGraph } from '../../../src/build/chunk-groups';

const graph: Record<string, string[]> = {
  '/src/layouts/Shell.astro?astro&type=script&index=0&lang.ts': ['/src/client/shell/main.ts'],
  '/src/client/shell/main.ts': ['/src/client/http/client.ts', '/node_modules/zod/v4/mini/index.js'],
  '/src/client/http/client.ts': ['/src/client/shell/main.ts', '/src/client/http/session.ts'],
  '/src/client/http/session.ts': [],
  '/node_modules/zod/v4/mini/index.js': [],
  '/src/islands/login/LoginIsland.tsx': ['/src/islands/shared/TextField.tsx'],
  '/src/islands/shared/TextField.tsx': [],
};
const info = (id: string) => (id in graph ? { importedIds: graph[id] ?? [] } : null);

describe('chunk groups', () => {
  it('walks the static graph of an entry, cycles included, without the entry', () => {
    expect(staticGraph('/src/client/shell/main.ts', info)).toEqual(
      new Set(['/src/client/http/client.ts', '/src/client/http/session.ts', '/node_modules/zod/v4/mini/index.js']),
    );
  });

  it('puts zod, the form fields and the shell script graph (zod apart) in their groups', () => {
    const [zod, fields, shell] = chunkGroups();
    expect(zod?.test).toBeInstanceOf(RegExp);
    expect((zod?.test as RegExp).test('/w/node_modules/zod/v4/core/core.js')).toBe(true);
    expect((fields?.test as RegExp).test('/w/src/islands/shared/TextField.tsx')).toBe(true);
    expect((fields?.test as RegExp).test('/w/src/islands/shared/CountrySelect.tsx')).toBe(false);
    const test = shell?.test;
    const name = shell?.name;
    if (typeof test !== 'function' || typeof name !== 'function') throw new Error('shell group');
    const candidates = Object.keys(graph).filter((id) => test(id) === true);
    expect(candidates).not.toContain('/node_modules/zod/v4/mini/index.js');
    const ctx = { getModuleInfo: info } as unknown as Parameters<typeof name>[1];
    const named = Object.fromEntries(candidates.map((id) => [id, name(id, ctx)]));
    expect(named).toEqual({
      '/src/layouts/Shell.astro?astro&type=script&index=0&lang.ts': null,
      '/src/client/shell/main.ts': 'shell',
      '/src/client/http/client.ts': 'shell',
      '/src/client/http/session.ts': 'shell',
      '/src/islands/login/LoginIsland.tsx': null,
      '/src/islands/shared/TextField.tsx': null,
    });
  });
});
