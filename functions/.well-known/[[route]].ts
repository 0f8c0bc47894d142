/**
 * /.well-known/* goes to the reference account API (server/app.ts) too, through the same handler as /api/*:
 * RFC 8414 §3.1 puts the authorization server metadata of the issuer `{origin}/api/oidc` at
 * `{origin}/.well-known/oauth-authorization-server/api/oidc`, outside /api. Every other well-known name is 404.
 */
export { onRequest } from '../api/[[route]]';
