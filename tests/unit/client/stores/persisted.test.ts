import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

useTestStorageEngine();
const persisted = await import('../../../../src/client/stores/persisted');
const {
  $consoleTracking,
  $tpaClicked,
  $verificationParams,
  $verifiedTokenEmail,
  decodeStored,
  encodeStored,
  schemaReader,
} = persisted;
const z = await import('zod/mini');
const { checked } = await import('../../../../src/shared/contract/checked');
const { emailAddress, stringRecord } = await import('../../../../src/shared/contract/formats');

beforeAll(() => {
  // Mount the stores so they read storage, as they do in a page.
  for (const store of [$verifiedTokenEmail, $consoleTracking, $tpaClicked, $verificationParams])
    store.listen(() => undefined);
});
beforeEach(() => {
  cleanTestStorage();
});

describe('persisted state (spec §3: verifiedTokenEmail, consoleTracking, tpaClicked, verificationParams)', () => {
  it('stores values under lf: keys with a version envelope', () => {
    $verifiedTokenEmail.set('ada@example.com');
    $tpaClicked.set('google');
    $consoleTracking.set({ platform: 'xbox', game: 'skyforge' });
    $verificationParams.set({ email: 'ada@example.com', authType: 'EMAIL' });
    expect(getTestStorage()).toEqual({
      'lf:verifiedTokenEmail': '{"v":1,"value":"ada@example.com"}',
      'lf:tpaClicked': '{"v":1,"value":"google"}',
      'lf:consoleTracking': '{"v":1,"value":{"platform":"xbox","game":"skyforge"}}',
      'lf:verificationParams': '{"v":1,"value":{"email":"ada@example.com","authType":"EMAIL"}}',
    });
  });

  it('removes the key when set to null', () => {
    $tpaClicked.set('google');
    $tpaClicked.set(null);
    expect(getTestStorage()).toEqual({});
  });

  it('reads a valid stored value', () => {
    setTestStorageKey('lf:verifiedTokenEmail', '{"v":1,"value":"kim@example.com"}');
    expect($verifiedTokenEmail.get()).toBe('kim@example.com');
  });

  it.each([
    ['not JSON', '{oops'],
    ['old unversioned format', '"kim@example.com"'],
    ['other version', '{"v":0,"value":"kim@example.com"}'],
    ['wrong type', '{"v":1,"value":42}'],
    ['not an email', '{"v":1,"value":"<script>"}'],
    ['JSON null', 'null'],
    ['empty string', ''],
  ])('drops a corrupt verifiedTokenEmail: %s', (_label, raw) => {
    setTestStorageKey('lf:verifiedTokenEmail', '{"v":1,"value":"kim@example.com"}');
    expect($verifiedTokenEmail.get()).toBe('kim@example.com');
    setTestStorageKey('lf:verifiedTokenEmail', raw);
    expect($verifiedTokenEmail.get()).toBeNull();
  });

  it.each([
    ['lf:tpaClicked', '{"v":1,"value":"Google Inc"}', () => $tpaClicked.get()],
    ['lf:consoleTracking', '{"v":1,"value":{"platform":5}}', () => $consoleTracking.get()],
    ['lf:verificationParams', '{"v":1,"value":{"email":{"nested":true}}}', () => $verificationParams.get()],
    ['lf:verificationParams', '{"v":1,"value":{"bad key!":"x"}}', () => $verificationParams.get()],
  ])('drops an invalid %s', (key, raw, read) => {
    setTestStorageKey(key, raw);
    expect(read()).toBeNull();
  });

  it('decodeStored/encodeStored round-trip and refuse garbage', () => {
    const schema = schemaReader(z.array(z.number()));
    expect(decodeStored(schema, encodeStored([1, 2]))).toEqual([1, 2]);
    expect(decodeStored(schema, undefined)).toBeUndefined();
    expect(decodeStored(schema, '{"v":1,"value":["x"]}')).toBeUndefined();
    expect(encodeStored(null)).toBeUndefined();
  });
});

describe('the stores check by hand what their zod schemas checked', () => {
  // The schemas the stores used before they dropped zod (src/client/stores/persisted.ts): each reader must accept,
  // refuse and return exactly what its schema does, on the values storage can hold (JSON) and a few that it cannot.
  const schemas = {
    email: emailAddress(),
    tracking: z.object({
      accountType: z.optional(checked(z.string(), z.maxLength(64))),
      game: z.optional(checked(z.string(), z.maxLength(64))),
      platform: z.optional(checked(z.string(), z.maxLength(64))),
    }),
    provider: checked(z.string(), z.regex(/^[a-z][a-z0-9_-]{1,31}$/)),
    params: stringRecord(
      checked(z.string(), z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/)),
      checked(z.string(), z.maxLength(512)),
    ),
  };
  const long = (n: number) => 'x'.repeat(n);
  const common: unknown[] = [null, undefined, 0, 1, true, '', 'x', [], ['a'], {}, Object.create(null), new Date(0)];
  const cases: Record<keyof typeof schemas, { read: (v: unknown) => unknown; inputs: unknown[] }> = {
    email: {
      read: persisted.readEmail,
      inputs: [...common, 'ada@example.com', ' ada@example.com', 'ada@example', 'a.b+c@x.co', '<script>', 42],
    },
    tracking: {
      read: persisted.readConsoleTracking,
      inputs: [
        ...common,
        { platform: 'xbox', game: 'skyforge' },
        { platform: 'xbox', other: 'dropped' },
        { accountType: long(64) },
        { accountType: long(65) },
        { game: 5 },
        { game: null },
        JSON.parse('{"__proto__":{"game":"x"},"platform":"pc"}'),
      ],
    },
    provider: {
      read: persisted.readProvider,
      inputs: [...common, 'google', 'g', 'Google', 'google inc', `a${long(31)}`, `a${long(32)}`, 'x_y-z9'],
    },
    params: {
      read: persisted.readParams,
      inputs: [
        ...common,
        { email: 'ada@example.com', authType: 'EMAIL' },
        { email: long(512) },
        { email: long(513) },
        { 'bad key!': 'x' },
        { _lead: 'x' },
        { [`a${long(39)}`]: 'x' },
        { [`a${long(40)}`]: 'x' },
        { email: { nested: true } },
        { n: 1 },
        JSON.parse('{"__proto__":"x","ok":"y"}'),
        JSON.parse('{"constructor":"x"}'),
      ],
    },
  };

  it.each(Object.keys(cases) as (keyof typeof schemas)[])('%s', (name) => {
    const { read, inputs } = cases[name];
    for (const input of inputs) {
      const parsed = schemas[name].safeParse(input);
      expect(read(input), JSON.stringify([input])).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
