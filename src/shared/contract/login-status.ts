/**
 * Spec §7 "Launcher and login": the login-status calls, split from
 * launcher-login.ts (which re-exports them and lists them in its endpoints)
 * because the app shell's guards ask for them on every guarded page and
 * should not ship the other sign-in calls' schemas.
 */
import * as z from 'zod/mini';
import { deviceId } from './device-id';
import { endpoint } from './endpoint';

export const loginStatusResponse = z.object({ isLoggedIn: z.boolean() });

export const getAppLoginStatus = endpoint({
  id: 'getAppLoginStatus',
  base: 'account',
  method: 'GET',
  path: '/no-auth/login/status',
  response: loginStatusResponse,
  auth: false,
  summary: 'Whether the app (launcher) session is signed in.',
});

export const getWebLoginStatus = endpoint({
  id: 'getWebLoginStatus',
  base: 'account',
  method: 'GET',
  path: '/no-auth/web/login/status',
  unifiedPath: '/no-auth/unified/web/login/status',
  query: z.strictObject({ deviceId }),
  response: loginStatusResponse,
  auth: false,
  summary: 'Whether the web session is signed in.',
});
