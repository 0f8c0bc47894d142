/**
 * The security page's "Connected apps" (issue 27; docs/identity-provider.md "Apps the player allowed"): the
 * clients the player granted scopes to (their consents), and removing one. Removing forgets the consent, so the
 * app asks again next time, and ends every grant the app holds for the account, telling it by back-channel logout
 * when it registered a URI (./backchannel.ts, reason `app-revoked`).
 */
import type { Hono } from 'hono';
import { listConnectedApps, revokeConnectedApp } from '../../src/shared/contract/account-security';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { mount } from '../core/http/mount';
import { endAccountGrants, sendLogoutNotices } from './backchannel';
import { findClient } from './clients';
import { grantedScopes, listConsents } from './data';

export function connectedAppRoutes(app: Hono<AppEnv>): void {
  mount(app, listConnectedApps, async (c, { account }) => {
    const db = c.var.db;
    const settings = settingsOf(c.env);
    const apps = [];
    for (const row of await listConsents(db, account.id)) {
      // A client removed from the configuration or the registry since: nothing to show or to sign in to.
      const client = await findClient(db, settings, row.client_id);
      if (client === null) continue;
      apps.push({
        clientId: client.clientId,
        name: client.name,
        site: client.site,
        scopes: row.scopes.split(' ').filter((s) => s !== ''),
        grantedAt: new Date(row.granted_at).toISOString(),
      });
    }
    return { apps };
  });

  mount(app, revokeConnectedApp, async (c, { body, account }) => {
    const db = c.var.db;
    if ((await grantedScopes(db, account.id, body.clientId)).length === 0) return { revoked: false };
    // The player asked for this: a failure is the answer (unlike a sign-out, where the grants end as a side effect).
    const notices = await endAccountGrants(db, account.id, 'app-revoked', c.var.clock.now(), {
      clientId: body.clientId,
    });
    await sendLogoutNotices(c, notices);
    return { revoked: true };
  });
}
