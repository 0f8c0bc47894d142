import { describe, expect, it } from 'vitest';
import { afterLogin, afterRefresh, type AfterLoginContext } from './after-login';

const policy = { suffixes: ['lumenforge.com'], origin: 'https://account.lumenforge.com' };
const ctx = (over: Partial<AfterLoginContext> & { q?: string } = {}): AfterLoginContext => ({
  locale: 'en',
  query: new URLSearchParams(over.q ?? ''),
  policy,
  rememberMe: true,
  productCookie: undefined,
  hasSignupParams: false,
  redirect: true,
  ...over,
});

describe('after a successful sign-in (spec §4 step 4)', () => {
  it('beta sign-up product and query: refresh, then redirect', () => {
    const c = ctx({ productCookie: '50203', q: 'betasignup=1', hasSignupParams: true });
    expect(afterLogin(c)).toEqual({ kind: 'refresh', reason: 'beta' });
    expect(afterRefresh(c, 'beta', { emailVerified: true, skipMfaPromo: false })).toEqual({
      kind: 'go',
      href: '/account/en/setting/account-overview',
    });
  });

  it('needs both the product cookie and the query for the beta redirect', () => {
    expect(afterLogin(ctx({ productCookie: '50203' }))).toMatchObject({ kind: 'go' });
    expect(afterLogin(ctx({ productCookie: '50210', q: 'betasignup' }))).toMatchObject({ kind: 'go' });
  });

  it('sign-up parameters go to create/complete, carrying the query', () => {
    expect(afterLogin(ctx({ hasSignupParams: true, q: 'return_url=%2Fx&parental_flow_mode=parent' }))).toEqual({
      kind: 'go',
      href: '/account/en/create/complete?return_url=%2Fx&parental_flow_mode=parent',
    });
  });

  it('the parent flow goes to parental-controls start', () => {
    expect(afterLogin(ctx({ q: 'parental_flow_mode=parent' }))).toEqual({
      kind: 'go',
      href: '/account/en/setting/parental-controls/start?parental_flow_mode=parent',
    });
  });

  it('without remember-me: refresh, then promo-2fa for a verified email without the promo skipped', () => {
    const c = ctx({ rememberMe: false, q: 'return_url=https%3A%2F%2Fshop.lumenforge.com%2F' });
    expect(afterLogin(c)).toEqual({ kind: 'refresh', reason: 'promo' });
    expect(afterRefresh(c, 'promo', { emailVerified: true, skipMfaPromo: false })).toEqual({
      kind: 'go',
      href: '/account/en/promo-2fa?return_url=https%3A%2F%2Fshop.lumenforge.com%2F',
    });
  });

  it.each([
    ['unverified email', { emailVerified: false, skipMfaPromo: false }],
    ['promo skipped', { emailVerified: true, skipMfaPromo: true }],
    ['an authenticator already on', { emailVerified: true, skipMfaPromo: false, authTypeList: ['EMAIL', 'TOTP'] }],
    ['SMS verification already on', { emailVerified: true, skipMfaPromo: false, authTypeList: ['SMS'] }],
    ['refresh failed', null],
  ])('without remember-me, %s: the default redirect', (_name, account) => {
    const c = ctx({ rememberMe: false, q: 'return_url=https%3A%2F%2Fshop.lumenforge.com%2Fcart' });
    expect(afterRefresh(c, 'promo', account)).toEqual({ kind: 'go', href: 'https://shop.lumenforge.com/cart' });
  });

  it('with remember-me: the default redirect honours route_to first', () => {
    expect(afterLogin(ctx({ q: 'route_to=security&return_url=https%3A%2F%2Fshop.lumenforge.com%2F' }))).toEqual({
      kind: 'go',
      href: '/account/en/setting/security?return_url=https%3A%2F%2Fshop.lumenforge.com%2F',
    });
  });

  it('ignores a hostile return_url', () => {
    expect(afterLogin(ctx({ q: 'return_url=https%3A%2F%2Fevil.example%2F' }))).toEqual({
      kind: 'go',
      href: '/account/en/setting/account-overview',
    });
    expect(afterLogin(ctx({ q: 'return_url=%2F%2Fevil.example' }))).toEqual({
      kind: 'go',
      href: '/account/en/setting/account-overview',
    });
  });

  it('stays when redirect is off', () => {
    expect(afterLogin(ctx({ redirect: false }))).toEqual({ kind: 'stay' });
  });
});
