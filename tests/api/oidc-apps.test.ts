/**
 * The security page's connected apps (issue 27; docs/identity-provider.md "Apps the player allowed"): the apps
 * a player consented to, and removing one: its consent is forgotten (it asks again) and its tokens end, on the
 * relying party's side too (openid-client introspects them). Bad input and callers without a session change
 * nothing.
 */
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { addClient, signedIn } from './oidc-helpers';
import { decide, finish, inspect, rp, start } from './oidc-rp';
import { player, Visitor } from './signin-helpers';

const REDIRECT = 'https://companion.lumenforge.test/callback';
const APPS = '/api/account-setting/v1.0/apps';
const REVOKE = `${APPS}/revoke`;
const LANG = { language: 'en_US' };

interface App {
  clientId: string;
  name: string;
  site: string;
  scopes: string[];
  grantedAt: string;
}

async function thirdParty(name: string) {
  const added = await addClient(
    '--name',
    name,
    '--site',
    'https://companion.lumenforge.test',
    '--redirect-uri',
    REDIRECT,
    '--confidential',
  );
  const secret = added.client_secret ?? '';
  return { id: added.client_id, config: await rp(added.client_id, {}, client.ClientSecretBasic(secret)) };
}

const appsOf = async (v: Visitor) => {
  const r = await v.get(APPS);
  expect(r.status, r.text).toBe(200);
  return (r.json as { apps: App[] }).apps;
};

describe('connected apps', () => {
  let companion: Awaited<ReturnType<typeof thirdParty>>;
  let forum: Awaited<ReturnType<typeof thirdParty>>;
  beforeAll(async () => {
    [companion, forum] = await Promise.all([thirdParty('Skyforge Companion'), thirdParty('Skyforge Forum')]);
  }, 120_000);

  it('lists the apps the player allowed; removing one ends its tokens and it asks again, the other stays', async () => {
    const p = await player({}, 'apps-list');
    const v = await signedIn(p);
    expect(await appsOf(v)).toEqual([]);
    const flow = await start(companion.config, {}, REDIRECT);
    expect((await inspect(v, flow)).kind).toBe('consent');
    const tokens = await finish(companion.config, flow, await decide(v, flow));
    const other = await start(forum.config, {}, REDIRECT);
    const forumTokens = await finish(forum.config, other, await decide(v, other));

    const apps = await appsOf(v);
    expect(apps.map((a) => a.clientId).sort()).toEqual([companion.id, forum.id].sort());
    expect(apps.find((a) => a.clientId === companion.id)).toMatchObject({
      name: 'Skyforge Companion',
      site: 'https://companion.lumenforge.test',
      scopes: expect.arrayContaining(['openid']) as string[],
    });

    const removed = await v.post(REVOKE, { clientId: companion.id, ...LANG });
    expect([removed.status, removed.json]).toEqual([200, { revoked: true }]);
    expect((await appsOf(v)).map((a) => a.clientId)).toEqual([forum.id]);
    expect(await client.tokenIntrospection(companion.config, tokens.refresh_token ?? '')).toEqual({ active: false });
    expect(await client.tokenIntrospection(companion.config, tokens.access_token)).toEqual({ active: false });
    // The app asks again; the other app's sign-in goes on.
    expect((await inspect(v, await start(companion.config, {}, REDIRECT))).kind).toBe('consent');
    expect((await client.tokenIntrospection(forum.config, forumTokens.refresh_token ?? '')).active).toBe(true);

    // Removing it again, or an app never allowed, changes nothing.
    expect((await v.post(REVOKE, { clientId: companion.id, ...LANG })).json).toEqual({ revoked: false });
    expect((await v.post(REVOKE, { clientId: 'never-allowed', ...LANG })).json).toEqual({ revoked: false });
    expect((await appsOf(v)).map((a) => a.clientId)).toEqual([forum.id]);
  }, 90_000);

  it("refuses bad input and callers without a session; another player's apps are not touched", async () => {
    const owner = await signedIn(await player({}, 'apps-owner'));
    const flow = await start(forum.config, {}, REDIRECT);
    await finish(forum.config, flow, await decide(owner, flow));

    const stranger = await signedIn(await player({}, 'apps-stranger'));
    expect((await stranger.post(REVOKE, { clientId: forum.id, ...LANG })).json).toEqual({ revoked: false });
    for (const bad of [{ clientId: 'has spaces', ...LANG }, { clientId: 'x'.repeat(65), ...LANG }, LANG]) {
      const r = await stranger.post(REVOKE, bad);
      expect([r.status, r.code], JSON.stringify(bad)).toEqual([400, '20022']);
    }
    const anonymous = new Visitor();
    expect((await anonymous.get(APPS)).status).toBe(401);
    expect((await anonymous.post(REVOKE, { clientId: forum.id, ...LANG })).status).toBe(401);
    expect((await appsOf(owner)).map((a) => a.clientId)).toEqual([forum.id]);
  }, 90_000);
});
