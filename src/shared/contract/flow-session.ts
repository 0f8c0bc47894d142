/**
 * Flow sessions and their companion cookies (docs/api.md "Flow sessions"). A module of its own, not ./http: the
 * page start-up reads ./http, and these names are needed only by the client's calls (loaded on demand) and the
 * server.
 */

/**
 * The flows' own sessions, besides the signed-in one: the third-party session of a social sign-in (its link and
 * migration steps too) and a console's linking session. Both are HttpOnly cookies of the backend.
 */
export type FlowSession = 'tpa' | 'platform';

/**
 * The companion of each flow session, readable by the page (no secret, only that the browser has the session),
 * set and cleared by the backend with the session cookie. With it the portal asks an endpoint that needs the
 * session (`flowSession` of the endpoint, `x-flow-session` in the OpenAPI document) only when there is one, and
 * answers 20159 itself otherwise: a page reached without its flow makes no request and logs no 401. A backend
 * sets them when its region config says `flowSessionHints` (docs/api.md "Flow sessions"); the reference API does.
 */
export const FLOW_SESSION_HINT_COOKIES: Readonly<Record<FlowSession, string>> = {
  tpa: '__Host-lf_tpa_hint',
  platform: '__Host-lf_pf_hint',
};
