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
