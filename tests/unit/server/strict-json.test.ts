/** Strict request JSON (server/core/http/strict-json.ts): repeated keys at any depth are found, nothing else is. */
import { describe, expect, it } from 'vitest';
import { findDuplicateKey, parseStrictJson } from '../../../server/core/http/strict-json';

describe('findDuplicateKey', () => {
  it.each([
    ['top level', '{"a":1,"a":2}', 'a'],
    ['same value twice', '{"id":"x","id":"x"}', 'id'],
    ['nested object', '{"a":{"b":1,"c":2,"b":3}}', 'b'],
    ['object in an array', '{"list":[{"k":1},{"k":1,"k":2}]}', 'k'],
    ['object in nested arrays', '[[[{"z":[],"z":{}}]]]', 'z'],
    ['a key and its \\u escape are one key', '{"a":1,"\\u0061":2}', 'a'],
    ['escapes on both sides', '{"\\u0064eviceId":1,"devic\\u0065Id":2}', 'deviceId'],
    ['escaped quote inside the key', '{"a\\"b":1,"a\\u0022b":2}', 'a"b'],
    ['escaped solidus', '{"a/b":1,"a\\/b":2}', 'a/b'],
    ['whitespace everywhere', ' {\n\t"a" : 1 ,\r\n "a"\t:\n2 } ', 'a'],
    ['empty key', '{"":1,"":2}', ''],
    ['non-BMP key written two ways', '{"😀":1,"\\ud83d\\ude00":2}', '😀'],
    ['repeat after a nested object closes', '{"a":{"a":1},"b":2,"a":3}', 'a'],
    ['__proto__ twice', '{"__proto__":{},"__proto__":{}}', '__proto__'],
  ])('finds a repeat: %s', (_name, text, key) => {
    expect(findDuplicateKey(text)).toBe(key);
  });

  it.each([
    ['distinct keys', '{"a":1,"b":2}'],
    ['the same key in sibling objects', '[{"a":1},{"a":2}]'],
    ['the same key at different depths', '{"a":{"a":{"a":1}}}'],
    ['a string value equal to a key', '{"a":"a","b":"a"}'],
    ['keys that differ only in case', '{"a":1,"A":2}'],
    ['strings holding quotes, braces, colons and commas', '{"a":"x\\",\\"a\\":{[,]}","b":"}{","c":":,"}'],
    ['a value string ending in an escaped backslash', '{"a":"\\\\","b":"\\\\\\""}'],
    ['arrays of strings that look like keys', '{"a":["a","a"],"b":["a",{"a":1}]}'],
    ['empty containers', '{"a":{},"b":[],"c":[{}],"d":{"e":[]}}'],
    ['scalars', '"a"'],
    ['a key that is a prefix of another', '{"device":1,"deviceId":2}'],
    ['an escaped backslash before the closing quote', '{"a\\\\":1,"a":2}'],
  ])('accepts: %s', (_name, text) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it('handles nesting far deeper than a recursive parser would allow', () => {
    const depth = 20_000;
    const deep = `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
    expect(findDuplicateKey(deep)).toBeUndefined();
    const repeated = `${'[{"k":0,'.repeat(depth)}"k":1${'}]'.repeat(depth)}`;
    expect(findDuplicateKey(repeated)).toBe('k');
  });
});

/** A seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ALPHABET = [
  'a',
  'b',
  'A',
  '"',
  '\\',
  '/',
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  ' ',
  '\n',
  'é',
  '😀',
  '\u0000',
  '\u202e',
];

/** Writes a string as JSON with each character either plain (as JSON.stringify would) or as \u escapes. */
function spell(text: string, next: () => number): string {
  let out = '"';
  for (const ch of text) {
    if (next() < 0.3) {
      for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    } else out += JSON.stringify(ch).slice(1, -1);
  }
  return `${out}"`;
}

/** Random JSON text; with `repeat`, one object somewhere names a key twice (spelled differently). */
function generate(next: () => number, depth: number, repeat: { left: boolean; key?: string }): string {
  const space = () => [' ', '', '\n', '\t'][Math.floor(next() * 4)] ?? '';
  const word = () =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  const roll = next();
  if (depth > 4 || roll < 0.3)
    return [spell(word(), next), '1', 'true', 'null', '-2.5e3'][Math.floor(next() * 5)] ?? '0';
  if (roll < 0.5) {
    const items = Array.from({ length: Math.floor(next() * 4) }, () => generate(next, depth + 1, repeat));
    return `[${space()}${items.join(`${space()},${space()}`)}${space()}]`;
  }
  const keys = [...new Set(Array.from({ length: Math.floor(next() * 4) }, word))];
  if (repeat.left && keys.length > 0 && next() < 0.4) {
    const again = keys[Math.floor(next() * keys.length)] ?? '';
    keys.push(again);
    repeat.left = false;
    repeat.key = again;
  }
  const entries = keys.map((k) => `${spell(k, next)}${space()}:${space()}${generate(next, depth + 1, repeat)}`);
  return `{${space()}${entries.join(`${space()},${space()}`)}${space()}}`;
}

describe('findDuplicateKey on generated JSON', () => {
  it('agrees with how the text was built, over 2,000 random documents', () => {
    const next = random(20_260_101);
    let repeats = 0;
    for (let n = 0; n < 2000; n++) {
      const repeat: { left: boolean; key?: string } = { left: next() < 0.5 };
      const text = generate(next, 0, repeat);
      expect(() => JSON.parse(text) as unknown, text).not.toThrow();
      if (repeat.key === undefined) {
        expect(findDuplicateKey(text), text).toBeUndefined();
      } else {
        repeats += 1;
        expect(findDuplicateKey(text), text).toBe(repeat.key);
      }
    }
    expect(repeats).toBeGreaterThan(200);
  });
});

describe('parseStrictJson', () => {
  it('returns the parsed value when keys are unique', () => {
    expect(parseStrictJson('{"a":[1,{"b":"c"}]}')).toEqual({ ok: true, value: { a: [1, { b: 'c' }] } });
  });

  it('refuses malformed JSON before looking for repeats', () => {
    expect(parseStrictJson('{"a":1,"a":')).toEqual({ ok: false, reason: 'malformed' });
    expect(parseStrictJson("{'a':1}")).toEqual({ ok: false, reason: 'malformed' });
    expect(parseStrictJson('{"a":1,}')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a repeated key and names it', () => {
    expect(parseStrictJson('{"id":"x","password":"p","id":"y"}')).toEqual({
      ok: false,
      reason: 'duplicate',
      key: 'id',
    });
  });
});
