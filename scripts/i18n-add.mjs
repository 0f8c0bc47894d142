#!/usr/bin/env node
/**
 * Merges a translation fragment into the 13 locale catalogues.
 *   node scripts/i18n-add.mjs fragment.json
 * The fragment is { "en": {...nested keys}, "de": {...}, ... } and must hold
 * all 13 locales with the same keys. Keys are deep-merged (existing keys are
 * overwritten), files rewritten with sorted keys. A lock directory serialises
 * concurrent runs so parallel work does not lose keys.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCALES = ['en', 'es', 'pt', 'de', 'fr', 'it', 'pl', 'tr', 'zh', 'th', 'ru', 'nl', 'ja'];
const dir = new URL('../src/locales/', import.meta.url);
const lock = new URL('../src/locales/.lock', import.meta.url);

const fragmentPath = process.argv[2];
if (!fragmentPath) {
  console.error('usage: node scripts/i18n-add.mjs fragment.json');
  process.exit(2);
}
const fragment = JSON.parse(readFileSync(fragmentPath, 'utf8'));

const flat = (o, p = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
const enKeys = flat(fragment.en ?? {})
  .map(([k]) => k)
  .sort()
  .join('\n');
for (const l of LOCALES) {
  if (!fragment[l]) throw new Error(`fragment lacks locale ${l}`);
  const keys = flat(fragment[l])
    .map(([k]) => k)
    .sort()
    .join('\n');
  if (keys !== enKeys) throw new Error(`fragment locale ${l} has different keys from en`);
}

function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object') {
      if (typeof target[k] !== 'object' || target[k] === null) target[k] = {};
      merge(target[k], v);
    } else target[k] = v;
  }
  return target;
}
function sortDeep(o) {
  if (!o || typeof o !== 'object') return o;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortDeep(o[k])]),
  );
}

for (let i = 0; ; i++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (i > 600) throw new Error('src/locales/.lock held for 60 s; remove it if no merge is running');
    await sleep(100);
  }
}
try {
  for (const l of LOCALES) {
    const file = new URL(`${l}.json`, dir);
    const current = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, `${JSON.stringify(sortDeep(merge(current, fragment[l])), null, 2)}\n`);
  }
} finally {
  rmSync(lock, { recursive: true, force: true });
}
console.log(`merged ${enKeys.split('\n').length} keys into ${LOCALES.length} locales`);
