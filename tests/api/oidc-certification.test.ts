/**
 * The identity provider to certification grade (issue 27; docs/identity-provider.md "Conformance"), with
 * openid-client 6 as the relying party: cacheable discovery and JWKS, RFC 8414 metadata, loopback redirects on any
 * port (RFC 8252 §7.3), and the refusals around each.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as client from 'openid-client';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Browser, DEV, setClock } from './client';
import { signedIn } from './oidc-helpers';
import { decide, finish, inspect, insecureRp, rp, start } from './oidc-rp';
import { player } from './signin-helpers';

afterEach(() => setClock(0));

const run = promisify(execFile);
/** A client registered by `npm run clients:add` into the test instance's D1. */
async function addClient(...args: string[]) {
  const { stdout } = await run(
    process.execPath,
    ['scripts/clients-add.mjs', '--persist', inject('apiPersistDir'), '--json', ...args],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { client_id: string; client_secret: string | null };
}

describe('discovery, JWKS and RFC 8414 metadata', () => {
  it('lets relying parties cache discovery and the JWKS for an hour, and keeps errors uncached', async () => {
    for (const path of ['/api/oidc/.well-known/openid-configuration', '/api/oidc/jwks']) {
      const r = await new Browser().get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('Cache-Control'), path).toBe('public, max-age=3600');
      // The other security headers still apply.
      expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    const token = await fetch(`${DEV()}/api/oidc/token`, { method: 'POST' });
    expect(token.headers.get('Cache-Control')).toBe('no-store');
    expect((await new Browser().get('/api/account/v1/nothing-here')).headers.get('Cache-Control')).toBe('no-store');
  });

  it('serves RFC 8414 metadata at the path-inserted well-known URI, the same as discovery', async () => {
    const r = await new Browser().get('/.well-known/oauth-authorization-server/api/oidc');
    expect(r.status).toBe(200);
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const discovery = (await new Browser().get('/api/oidc/.well-known/openid-configuration')).json;
    expect(r.json).toEqual(discovery);
    expect((r.json as { issuer: string }).issuer).toBe(`${DEV()}/api/oidc`);
    expect((await new Browser().get('/.well-known/oauth-authorization-server')).status).toBe(404);
    // openid-client finds it the RFC 8414 way too.
    const config = await client.discovery(new URL(`${DEV()}/api/oidc`), 'dev-rp', {}, client.None(), {
      execute: [insecureRp],
      algorithm: 'oauth2',
    });
    expect(config.serverMetadata().token_endpoint).toBe(`${DEV()}/api/oidc/token`);
  });
});

describe('loopback redirects of native apps (RFC 8252 §7.3)', () => {
  it.each(['http://127.0.0.1:51234/callback', 'http://127.0.0.1/callback', 'http://[::1]:8080/callback'])(
    'accepts the launcher on %s (registered on port 47120) and sends the code there',
    async (redirect) => {
      const config = await rp('1888');
      const v = await signedIn(await player({}, 'oidc-loopback'));
      const flow = await start(config, {}, redirect);
      expect(await inspect(v, flow)).toMatchObject({ kind: 'approved' });
      const back = await decide(v, flow);
      expect(`${back.origin}${back.pathname}`).toBe(redirect);
      expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The token endpoint wants the same URI, port and all.
      const tokens = await finish(await rp('1888', { redirect_uris: [redirect] }), flow, back);
      expect(tokens.claims()?.aud).toBe('1888');
    },
  );

  it.each([
    ['the name localhost', 'http://localhost:51234/callback'],
    ['another path', 'http://127.0.0.1:51234/other'],
    ['a query added', 'http://127.0.0.1:51234/callback?x=1'],
    ['https', 'https://127.0.0.1:51234/callback'],
    ['credentials in the URI', 'http://u:p@127.0.0.1:51234/callback'],
    ['another loopback address', 'http://127.0.0.2:51234/callback'],
  ])('refuses, never redirecting, a loopback redirect with %s (20022)', async (_name, redirect) => {
    const config = await rp('1888');
    const v = await signedIn(await player({}, 'oidc-loopback-no'));
    const flow = await start(config, {}, redirect);
    const r = await v.post('/api/account/v1/oidc/authorize/inspect', { request: flow.url.search.slice(1) });
    expect({ status: r.status, code: r.code }).toEqual({ status: 400, code: '20022' });
  });

  it('keeps exact matching for a confidential client: another port of its loopback URI is refused', async () => {
    const registered = 'http://127.0.0.1:47999/cb';
    const added = await addClient(
      '--name',
      'Server tool',
      '--site',
      'https://tool.lumenforge.test',
      '--redirect-uri',
      registered,
      '--confidential',
    );
    const v = await signedIn(await player({}, 'oidc-loopback-conf'));
    const exact = await start(await rp(added.client_id), {}, registered);
    expect((await inspect(v, exact)).kind).toBe('consent');
    const other = await start(await rp(added.client_id), {}, 'http://127.0.0.1:48000/cb');
    const r = await v.post('/api/account/v1/oidc/authorize/inspect', { request: other.url.search.slice(1) });
    expect(r.code).toBe('20022');
  });
});
