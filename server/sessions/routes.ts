/** POST /logout: ends the session server-side and clears the cookie. */
import type { Hono } from 'hono';
import { logout } from '../../src/shared/contract/session';
import type { AppEnv } from '../core/http/app-env';
import { mount } from '../core/http/mount';
import { currentSession, endSession } from '../core/security/sessions';
import { endGrantsAndNotify } from '../oidc/backchannel';
import { revokeRequestLauncherToken } from '../launcher/tokens';

export function sessionRoutes(app: Hono<AppEnv>): void {
  mount(app, logout, async (c) => {
    // The launcher's autologin token on this device ends with the session (docs/launcher.md).
    await revokeRequestLauncherToken(c);
    const session = await currentSession(c);
    await endSession(c);
    // The games and sites this session signed in to are signed out too (back-channel logout).
    if (session !== null) await endGrantsAndNotify(c, session.accountId, 'signed-out', { session: session.tokenHash });
    return {};
  });
}
