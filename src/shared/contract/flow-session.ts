/**
 * Sessions besides the player's, and their companion cookies (docs/api.md "Flow sessions"). A module of its own,
 * not ./http: the page start-up reads ./http, and these names are needed only by the client's calls (loaded on
 * demand) and the server.
 */
import type { ErrorCode } from '../errors/codes';

/**
 * The sessions a page may need besides the signed-in player's: the third-party session of a social sign-in (its
 * link and migration steps too), a console's linking session and the staff console's session. All are HttpOnly
 * cookies of the backend.
 */
export type FlowSession = 'tpa' | 'platform' | 'staff';

/**
 * The companion of each session, readable by the page (no secret, only that the browser has the session), set and
 * cleared by the backend with the session cookie. With it the portal asks an endpoint that needs the session
 * (`flowSession` of the endpoint, `x-flow-session` in the OpenAPI document) only when there is one, and answers
 * the session's refusal itself otherwise: a page reached without its session makes no request and logs no 401. A
 * backend sets them when its region config says `flowSessionHints` (docs/api.md "Flow sessions"); the reference
 * API does.
 */
export const FLOW_SESSION_HINT_COOKIES: Readonly<Record<FlowSession, string>> = {
  tpa: '__Host-lf_tpa_hint',
  platform: '__Host-lf_pf_hint',
  staff: '__Host-lf_staff_hint',
};

/**
 * What the backend answers (status 401) to a call that needs the session when there is none: the spec's 20159 for
 * a flow's session, the staff API's own code for the staff session; both of the error catalogue.
 */
export const FLOW_SESSION_REFUSALS: Readonly<Record<FlowSession, ErrorCode>> = {
  tpa: '20159',
  platform: '20159',
  staff: 'STAFF_LOGIN_REQUIRED',
};
