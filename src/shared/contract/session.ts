/**
 * Session calls of the reference API that no §7 area owns: signing out
 * deletes the session server-side and clears the cookie.
 */
import { emptyResponse, postBody } from './common';
import { endpoint } from './endpoint';

export const logout = endpoint({
  id: 'logout',
  base: 'account',
  method: 'POST',
  path: '/logout',
  body: postBody({}),
  response: emptyResponse,
  auth: false,
  summary: 'Signs out: deletes the current session (if any) and clears the session cookie.',
});

export const SESSION_ENDPOINTS = [logout] as const;
