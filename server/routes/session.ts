/** POST /logout: ends the session server-side and clears the cookie. */
import type { Hono } from 'hono';
import { logout } from '../../src/shared/contract/session';
import type { AppEnv } from '../http/app-env';
import { mount } from '../http/mount';
import { endSession } from '../security/sessions';

export function sessionRoutes(app: Hono<AppEnv>): void {
  mount(app, logout, async (c) => {
    await endSession(c);
    return {};
  });
}
