#!/usr/bin/env node
/** Writes src/routes/refs.ts and route-names.ts from the route registry (src/build/route-refs.ts); run after changing a route. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeNamesSource, routeRefsSource } from '../src/build/route-refs.ts';
import { ROOT } from './lib.mjs';

for (const [file, source] of [
  ['src/routes/refs.ts', routeRefsSource()],
  ['src/routes/route-names.ts', routeNamesSource()],
]) {
  writeFileSync(join(ROOT, file), source);
  console.log(`wrote ${file}`);
}
