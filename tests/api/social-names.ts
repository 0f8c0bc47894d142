/** The social sign-in cookie names (server/social/flow.ts), for the API tests. */
export { FLOW_COOKIE as FLOW_COOKIE_NAME, TPA_COOKIE as TPA_COOKIE_NAME } from '../../server/social/flow';
