/**
 * Subject identifiers (OIDC Core §8). A public client gets the account id, the same for every public client. A
 * pairwise client gets `HMAC-SHA256(sector | account id)` (hex, key derived from OIDC_KEY_SECRET: ./mac.ts), the
 * same for every client of one sector (a publisher's family of sites) and unlinkable across sectors: sites cannot
 * correlate players or read the account count off the numbers (§8.1). Never reversed: the provider finds the
 * account of a token by the token's own row (oidc_tokens.account_id), not by its sub.
 */
import type { OidcClient } from './clients';
import { labelledMac } from './mac';

const LABEL = 'lumenforge/oidc/pairwise-sub/v1';

export async function subjectFor(client: OidcClient, accountId: number, secret: string): Promise<string> {
  if (client.subjectType === 'public' || client.sectorIdentifier === null) return String(accountId);
  return labelledMac(secret, LABEL, `${client.sectorIdentifier}|${accountId}`);
}
