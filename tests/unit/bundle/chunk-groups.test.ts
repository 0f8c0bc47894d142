import { describe, expect, it } from 'vitest';
import { chunkGroups, reactGroup, staticGraph } from '../../../src/build/chunk-groups';

const graph: Record<string, string[]> = {
  '/src/layouts/Shell.astro?astro&type=script&index=0&lang.ts': ['/src/client/shell/main.ts'],
  '/src/client/shell/main.ts': [
    '/src/client/http/client.ts',
    '/node_modules/zod/v4/mini/index.js',
    '/node_modules/nanostores/index.js',
  ],
  '/node_modules/nanostores/index.js': [
    '/node_modules/nanostores/atom/index.js',
    '/node_modules/nanostores/lifecycle/index.js',
    '/node_modules/nanostores/listen-keys/index.js',
  ],
  '/node_modules/nanostores/atom/index.js': [],
  '/node_modules/nanostores/lifecycle/index.js': [],
  '/node_modules/nanostores/listen-keys/index.js': [],
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
      new Set([
        '/src/client/http/client.ts',
        '/src/client/http/session.ts',
        '/node_modules/zod/v4/mini/index.js',
        '/node_modules/nanostores/index.js',
        '/node_modules/nanostores/atom/index.js',
        '/node_modules/nanostores/lifecycle/index.js',
        '/node_modules/nanostores/listen-keys/index.js',
      ]),
    );
  });

  it('puts React, the form fields and the shell script graph with zod in their groups', () => {
    const [react, fields, shell] = chunkGroups();
    const reactTest = react?.test as RegExp;
    expect(reactTest.test('/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(reactTest.test('/w/node_modules/@astrojs/react/dist/client.js')).toBe(true);
    expect(reactTest.test('/w/node_modules/react-hook-form/index.js')).toBe(false);
    expect(react?.name).toBe(reactGroup().name);
    const fieldsTest = fields?.test as RegExp;
    expect(fieldsTest.test('/w/src/islands/shared/TextField.tsx')).toBe(true);
    expect(fieldsTest.test('/w/src/client/t.ts')).toBe(true);
    expect(fieldsTest.test('/w/node_modules/@nanostores/react/index.js')).toBe(true);
    expect(fieldsTest.test('/w/node_modules/nanostores/listen-keys/index.js')).toBe(true);
    expect(fieldsTest.test('/w/src/islands/shared/CountrySelect.tsx')).toBe(false);
    expect(fieldsTest.test('/w/src/client/http/client.ts')).toBe(false);
    const test = shell?.test;
    const name = shell?.name;
    if (typeof test !== 'function' || typeof name !== 'function') throw new Error('shell group');
    const candidates = Object.keys(graph).filter((id) => test(id) === true);
    const ctx = { getModuleInfo: info } as unknown as Parameters<typeof name>[1];
    const named = Object.fromEntries(candidates.map((id) => [id, name(id, ctx)]));
    expect(named).toEqual({
      '/src/layouts/Shell.astro?astro&type=script&index=0&lang.ts': null,
      '/src/client/shell/main.ts': 'shell',
      '/src/client/http/client.ts': 'shell',
      '/src/client/http/session.ts': 'shell',
      '/node_modules/zod/v4/mini/index.js': 'shell',
      '/node_modules/nanostores/index.js': 'shell',
      '/node_modules/nanostores/atom/index.js': 'shell',
      '/node_modules/nanostores/lifecycle/index.js': null,
      '/node_modules/nanostores/listen-keys/index.js': null,
      '/src/islands/login/LoginIsland.tsx': null,
      '/src/islands/shared/TextField.tsx': null,
    });
  });
});
