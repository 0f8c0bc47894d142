/**
 * userinfo by GET and POST (OIDC Core §5.3.1; the conformance suite's oidcc-userinfo-get, -post-header and
 * -post-body): the access token as an RFC 6750 bearer in the Authorization header, or by POST in the form body;
 * one answer, headers and CORS policy for all three; and the refusals (both ways at once, none, revoked, a token
 * elsewhere than RFC 6750 allows).
 */
import * as oauth from 'oauth4webapi';
import { describe, expect, inject, it } from 'vitest';
import { DEV } from './client';
import { DEV_RP, insecure, postForm, tokensFor } from './oidc-helpers';
import { player } from './signin-helpers';

const USERINFO = '/api/oidc/userinfo';
const PORTAL = () => inject('apiPortalOrigin');

type Ask = (token: string, origin?: string) => Promise<Response>;

const byGet: Ask = (token, origin) =>
  fetch(`${DEV()}${USERINFO}`, {
    headers: { Authorization: `Bearer ${token}`, ...(origin === undefined ? {} : { Origin: origin }) },
  });
const byPostHeader: Ask = (token, origin) =>
  fetch(`${DEV()}${USERINFO}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(origin === undefined ? {} : { Origin: origin }) },
  });
const byPostBody: Ask = (token, origin) =>
  fetch(`${DEV()}${USERINFO}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(origin === undefined ? {} : { Origin: origin }),
    },
    body: new URLSearchParams({ access_token: token }).toString(),
  });

const WAYS: [string, Ask][] = [
  ['GET with the header', byGet],
  ['POST with the header', byPostHeader],
  ['POST with the form body', byPostBody],
];

describe('userinfo by GET and POST (OIDC Core §5.3.1)', () => {
  it('gives the same claims, headers and CORS answer whichever way the token comes', async () => {
    const p = await player({}, 'oidc-userinfo-post');
    const { result } = await tokensFor(p);
    const answers = [];
    for (const [way, ask] of WAYS) {
      const r = await ask(result.access_token, PORTAL());
      expect(r.status, way).toBe(200);
      expect(r.headers.get('Content-Type'), way).toMatch(/^application\/json/);
      expect(r.headers.get('Cache-Control'), way).toBe('no-store');
      expect(r.headers.get('Access-Control-Allow-Origin'), way).toBe(PORTAL());
      expect(r.headers.get('Access-Control-Allow-Credentials'), way).toBe('true');
      const foreign = await ask(result.access_token, 'https://evil.example');
      expect(foreign.status, way).toBe(200);
      expect(foreign.headers.get('Access-Control-Allow-Origin'), way).toBeNull();
      answers.push(await r.json());
    }
    expect(answers[0]).toMatchObject({ sub: String(p.accountId), email: p.email });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('answers the POST ways like GET for a revoked, unknown or missing token: invalid_token', async () => {
    const p = await player({}, 'oidc-userinfo-post-revoked');
    const { as, result } = await tokensFor(p);
    await oauth.revocationRequest(as, DEV_RP, oauth.None(), result.access_token, insecure);
    for (const [way, ask] of WAYS)
      for (const token of [result.access_token, 'not-a-token']) {
        const r = await ask(token);
        expect(r.status, way).toBe(401);
        expect(r.headers.get('WWW-Authenticate'), way).toContain('error="invalid_token"');
      }
    const none = await fetch(`${DEV()}${USERINFO}`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses a token sent both ways, repeated, or where RFC 6750 does not put it', async () => {
    const p = await player({}, 'oidc-userinfo-post-bad');
    const { result } = await tokensFor(p);
    const token = result.access_token;
    // §2: one method only.
    const both = await postForm(USERINFO, { access_token: token }, { Authorization: `Bearer ${token}` });
    expect(both.status).toBe(400);
    expect(both.json.error).toBe('invalid_request');
    expect(both.headers.get('WWW-Authenticate')).toContain('error="invalid_request"');
    // A repeated parameter (RFC 6749 §3.1).
    const repeated = await fetch(`${DEV()}${USERINFO}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `access_token=${token}&access_token=${token}`,
    });
    expect(repeated.status).toBe(400);
    // Not a form body (§2.2 needs one), nor the query string: no token at all.
    const json = await fetch(`${DEV()}${USERINFO}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: token }),
    });
    expect(json.status).toBe(401);
    const query = await fetch(`${DEV()}${USERINFO}?access_token=${token}`, { method: 'POST' });
    expect(query.status).toBe(401);
    expect((await fetch(`${DEV()}${USERINFO}?access_token=${token}`)).status).toBe(401);
  });
});
