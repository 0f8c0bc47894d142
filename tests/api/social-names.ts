/** The social sign-in cookie names (server/social/flow.ts), for the API tests. */
export { FLOW_COOKIE as FLOW_COOKIE_NAME, TPA_COOKIE as TPA_COOKIE_NAME } from '../../server/social/flow';
import { FLOW_SESSION_HINT_COOKIES } from '../../src/shared/contract/flow-session';
export const TPA_HINT_COOKIE_NAME = FLOW_SESSION_HINT_COOKIES.tpa;
export const PLATFORM_HINT_COOKIE_NAME = FLOW_SESSION_HINT_COOKIES.platform;
