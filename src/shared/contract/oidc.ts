/**
 * The portal's calls of the identity provider (issue 17 authorize, issue 16 console activation;
 * docs/identity-provider.md, docs/console-activation.md). The OAuth/OIDC protocol endpoints themselves
 * (/api/oidc/*: token, JWKS, userinfo…) are form-encoded RFC endpoints for relying parties, not portal calls,
 * and are described by the discovery document instead.
 */
import * as z from 'zod/mini';
import { emptyResponse, postBody } from './common';
import { endpoint } from './endpoint';
import { text, token } from './ids';

/** The authorization request as the relying party sent it: the query string of the authorize page. */
const authorizeRequest = token(4096);
const scopes = z.array(z.enum(['openid', 'profile', 'email']));
const clientInfo = z.object({ name: z.string(), site: z.string() });
const redirectTo = z.url({ protocol: /^[a-z][a-z0-9+.-]*$/ });

export const inspectAuthorize = endpoint({
  id: 'inspectAuthorize',
  base: 'account',
  method: 'POST',
  path: '/oidc/authorize/inspect',
  body: postBody({ request: authorizeRequest }),
  response: z.union([
    z.object({ kind: z.literal('consent'), client: clientInfo, scopes }),
    // First-party client, or consent already given for these scopes: the portal approves without asking.
    z.object({ kind: z.literal('approved'), client: clientInfo }),
    // A protocol error the relying party must hear about (RFC 6749 §4.1.2.1).
    z.object({ kind: z.literal('error'), redirectTo }),
    // prompt=login, select_account or max_age: the player signs in again first; the screen's query carries
    // `reauth` as lf_reauth so the sign-in that follows answers this request (docs/identity-provider.md).
    z.object({ kind: z.literal('login'), reauth: token(128) }),
    // acr_values asked for the second factor: the player verifies it in this session first (the settings
    // verification screen of the method), then comes back to the same request.
    z.object({ kind: z.literal('step-up'), method: z.enum(['TOTP', 'SMS']) }),
  ]),
  auth: true,
  summary:
    'Reads an OpenID Connect authorization request: who asks, for which scopes, whether consent is needed. 20022 for an unknown client or redirect URI.',
});

export const decideAuthorize = endpoint({
  id: 'decideAuthorize',
  base: 'account',
  method: 'POST',
  path: '/oidc/authorize/decision',
  body: postBody({ request: authorizeRequest, approve: z.boolean() }),
  response: z.object({ redirectTo }),
  auth: true,
  summary:
    "The signed-in player's answer: approve (a single-use code, consent remembered) or deny (access_denied); the relying party's registered redirect URI with the result.",
});

/** RFC 8628 user code: 8 characters of an alphabet without look-alikes, typed with or without the dash. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ23456789';
// Typed by the player: spaces and dashes allowed (the server normalises), no control or invisible characters.
const userCode = text(1, 32);

export const inspectActivation = endpoint({
  id: 'inspectActivation',
  base: 'account',
  method: 'POST',
  path: '/oidc/device/inspect',
  body: postBody({ userCode }),
  response: z.object({ client: clientInfo, scopes, expiresAt: z.number() }),
  auth: true,
  summary:
    'Looks up a console activation code: which console app asks. 20013 wrong code, 20018 expired, 20157 (429) after 5 wrong codes: blocked 24 hours.',
});

export const decideActivation = endpoint({
  id: 'decideActivation',
  base: 'account',
  method: 'POST',
  path: '/oidc/device/decision',
  body: postBody({ userCode, approve: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'Approves or denies a console activation code; the console learns it at its next poll.',
});

export const OIDC_ENDPOINTS = [inspectAuthorize, decideAuthorize, inspectActivation, decideActivation] as const;
