import { describe, expect, it } from 'vitest';
import { CARRIED_QUERY_KEYS, carriedQuery, nextQuery, queryFlag } from '../../../../src/client/navigation/query';

describe('carried query values (spec §2)', () => {
  it('lists exactly the spec’s carried values', () => {
    expect([...CARRIED_QUERY_KEYS]).toEqual([
      'route_to',
      'return_url',
      'parental_flow_mode',
      'simple_signup',
      'marvel-machine',
      'ticket',
      'clientId',
      'unified',
      'route_from',
    ]);
  });

  it('keeps carried values and drops everything else', () => {
    const current = new URLSearchParams(
      'route_to=security&return_url=%2Faccount%2Fen%2Fsetting&parental_flow_mode=parent&simple_signup=1&marvel-machine=1&ticket=t&clientId=9&unified=1&route_from=unified-login&code=abc&state=s&prod_id=5&direct_return=1',
    );
    expect(Object.fromEntries(carriedQuery(current))).toEqual({
      route_to: 'security',
      return_url: '/account/en/setting',
      parental_flow_mode: 'parent',
      simple_signup: '1',
      'marvel-machine': '1',
      ticket: 't',
      clientId: '9',
      unified: '1',
      route_from: 'unified-login',
    });
  });

  it('lets the caller set and remove values on top', () => {
    const current = new URLSearchParams('route_to=security&ticket=t&code=x');
    expect(nextQuery(current, { route_to: undefined, email: 'a@b.c' }).toString()).toBe('ticket=t&email=a%40b.c');
  });

  it.each([
    ['unified', true],
    ['unified=1', true],
    ['unified=true', true],
    ['unified=TRUE', true],
    ['unified=false', false],
    ['unified=0', false],
    ['', false],
  ])('flag %s → %s', (qs, expected) => {
    expect(queryFlag(new URLSearchParams(qs), 'unified')).toBe(expected);
  });
});
