import { describe, expect, it } from 'vitest';
import { routeNamed } from '../../../../src/client/navigation/routes';
import { mapUnifiedRoute, usesUnifiedCalls } from '../../../../src/client/navigation/unified';

describe('unified mapping (spec §2)', () => {
  it.each([
    ['login', 'unified-login', 'unified-login'],
    ['create', 'unified-login', 'unified-create'],
    ['login', 'unified-create', 'unified-login'],
    ['login', 'create', 'login'],
    ['create', undefined, 'create'],
    ['security', 'unified-login', 'security'],
    ['self-service', 'unified-create', 'self-service'],
  ] as const)('%s after %s → %s', (target, previous, expected) => {
    const route = routeNamed(target);
    expect(route).toBeDefined();
    if (route !== undefined) expect(mapUnifiedRoute(route.path, previous)).toBe(routeNamed(expected)?.path);
  });

  it.each([
    ['unified-login', '', true],
    ['login', 'unified=1', true],
    ['login', 'unified=false', false],
    ['login', '', false],
    [undefined, '', false],
  ])('calls on %s with ?%s use unified variants: %s', (route, qs, expected) => {
    expect(usesUnifiedCalls(route, new URLSearchParams(qs))).toBe(expected);
  });
});
