/**
 * Every staff call is mounted through `staffRoute`: before anything reads the body, the staff session
 * (`__Host-lf_staff`, never the player's) is required and the staff member's role is checked against the one
 * action-to-roles table (src/shared/staff/roles.ts) for the action STAFF_ENDPOINT_ACTIONS names for the call.
 * No session answers 401 STAFF_LOGIN_REQUIRED, a role without the action 403 STAFF_FORBIDDEN; either way nothing
 * is read or changed. Origin, CSRF and body rules are the app's, as for every player call.
 */
import type { Hono } from 'hono';
import { serverPath, type Endpoint, type ResponseOf } from '../../src/shared/contract/endpoint';
import { STAFF_ENDPOINT_ACTIONS } from '../../src/shared/contract/staff';
import { mayDo, type StaffAction } from '../../src/shared/staff/roles';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount, type Input } from '../core/http/mount';
import type { Context } from 'hono';
import { requireStaffSession, type StaffSession } from './session';

export const staffForbidden = (action: StaffAction) =>
  new ApiError(403, 'STAFF_FORBIDDEN', `Your role may not ${action}`);

export type StaffHandler<E extends Endpoint> = (
  c: Context<AppEnv>,
  input: Input<E>,
  session: StaffSession,
) => Promise<ResponseOf<E>>;

function actionOf(e: Endpoint): StaffAction {
  const action = STAFF_ENDPOINT_ACTIONS.get(e);
  if (action === undefined || action === null) throw new Error(`${e.id} is not a staff call with an action`);
  return action;
}

/** Mounts a staff call that needs a session and a role allowed to take its action. */
export function staffRoute<E extends Endpoint>(app: Hono<AppEnv>, e: E, handler: StaffHandler<E>): void {
  const action = actionOf(e);
  // Runs before mount's handler (registered first on the same path): no body is parsed for a caller without the role.
  app.use(serverPath(e), async (c: Context<AppEnv>, next) => {
    if (c.req.method === e.method) {
      const session = await requireStaffSession(c);
      if (!mayDo(session.staff.role, action)) throw staffForbidden(action);
    }
    await next();
  });
  mount(app, e, async (c, input) => handler(c, input, await requireStaffSession(c)));
}
