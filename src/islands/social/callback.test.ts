/** The social callback's routing (spec §2 "Social callback behaviour"), branch by branch. */
import { describe, expect, it } from 'vitest';
import type { TpaStateValues } from '../../shared/contract/social';
import { decideCallback, readCallbackParams, type CallbackContext } from './callback';
import * as routes from '../../routes/refs';

const values: TpaStateValues = { actionType: 'login', mode: 'web', flow: 'portal', locale: 'en' };
const params = { code: 'c0de', state: 'r4nd.eyJ9', error: undefined };

function ctx(over: Partial<CallbackContext> = {}): CallbackContext {
  return { provider: 'google', params, values, appMode: false, forwarded: false, ...over };
}

describe('readCallbackParams', () => {
  it('reads code and state from the query', () => {
    expect(readCallbackParams('?code=a&state=b', '')).toEqual({ code: 'a', state: 'b', error: undefined });
  });
  it('reads a token and state from the hash', () => {
    expect(readCallbackParams('', '#id_token=t&state=s')).toEqual({ code: 't', state: 's', error: undefined });
    expect(readCallbackParams('', '#access_token=x&state=s').code).toBe('x');
  });
  it('reads a refusal', () => {
    expect(readCallbackParams('?error=access_denied&state=s', '').error).toBe('access_denied');
  });
});

describe('decideCallback', () => {
  it('forwards to the third-party login with the code, state and return URL', () => {
    expect(decideCallback(ctx({ values: { ...values, returnUrl: '/x', unified: true } }))).toEqual({
      kind: 'go',
      target: {
        route: routes.loginTpa,
        params: { socialProvider: 'google' },
        query: { code: 'c0de', state: 'r4nd.eyJ9', return_url: '/x', unified: 'true' },
      },
    });
  });
  it('hands a popup result to the page that opened the popup', () => {
    expect(decideCallback(ctx({ values: { ...values, mode: 'popup' } }))).toEqual({ kind: 'popup' });
  });
  it('carries on in the opening page once the popup handed the result over', () => {
    expect(decideCallback(ctx({ values: { ...values, mode: 'popup' }, forwarded: true })).kind).toBe('go');
  });
  it('sends a client code outside app mode to the app callback, and keeps it in app mode', () => {
    expect(decideCallback(ctx({ values: { ...values, clientId: 'launcher' } }))).toEqual({
      kind: 'go',
      target: {
        route: routes.loginTpaCallbackApp,
        query: { clientId: 'launcher', provider: 'google', code: 'c0de', state: 'r4nd.eyJ9' },
      },
    });
    const inApp = decideCallback(ctx({ values: { ...values, clientId: 'launcher' }, appMode: true }));
    expect(inApp.kind === 'go' && inApp.target.route).toBe(routes.loginTpa);
  });
  it('sends actionType childLogin to add-child/login in child mode, with the provider', () => {
    const d = decideCallback(ctx({ provider: 'google', values: { ...values, actionType: 'childLogin' } }));
    expect(d).toEqual({
      kind: 'go',
      target: {
        route: routes.addChildLogin,
        query: {
          code: 'c0de',
          state: 'r4nd.eyJ9',
          provider: 'google',
          parental_flow_mode: 'child',
          return_url: undefined,
        },
      },
    });
  });
  it('sends actionType socialLink to the settings social link', () => {
    const d = decideCallback(ctx({ provider: 'discord', values: { ...values, actionType: 'socialLink' } }));
    expect(d).toEqual({
      kind: 'go',
      target: {
        route: routes.settingsSocialLink,
        params: { socialProvider: 'discord' },
        query: { code: 'c0de', state: 'r4nd.eyJ9' },
      },
    });
  });
  it("sends a console's global flow to that console's callback, with the code and state", () => {
    const d = decideCallback(ctx({ values: { ...values, flow: 'global', platform: 'playstation' } }));
    expect(d.kind === 'go' && d.target).toMatchObject({
      route: routes.platformLoginCallbackSocial,
      params: { platform: 'playstation', socialProvider: 'google' },
    });
    expect(d.kind === 'go' && d.target.query).toMatchObject({ state: expect.any(String) as string });
    // A platform the portal does not know stays on the global callback.
    const other = decideCallback(ctx({ values: { ...values, flow: 'global', platform: 'dreamcast' } }));
    expect(other.kind === 'go' && other.target.route).toBe(routes.globalCallbackSocial);
  });

  it('sends global and simpleGlobal to the global callback', () => {
    const global = decideCallback(ctx({ values: { ...values, flow: 'global' } }));
    expect(global.kind === 'go' && global.target.route).toBe(routes.globalCallbackSocial);
    const simple = decideCallback(ctx({ values: { ...values, flow: 'simpleGlobal' } }));
    expect(simple.kind === 'go' && simple.target.query?.['simple']).toBe('true');
  });
  it('fails without a state of ours, without a code, and says when the player cancelled', () => {
    expect(decideCallback(ctx({ values: null }))).toEqual({ kind: 'failed', cancelled: false });
    expect(decideCallback(ctx({ params: { ...params, code: undefined } }))).toEqual({
      kind: 'failed',
      cancelled: false,
    });
    expect(decideCallback(ctx({ params: { ...params, error: 'access_denied' } }))).toEqual({
      kind: 'failed',
      cancelled: true,
    });
  });
});
