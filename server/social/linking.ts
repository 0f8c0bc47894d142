/**
 * Linking a provider identity to an account, and what a new identity leads to (docs/social.md cases).
 * Conflicts: the identity already linked elsewhere (20009; the streaming service 20087), or this account
 * already holding another identity of the provider (20109; streaming 20088).
 */
import type { Context } from 'hono';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import type { Db } from '../core/db/engine';
import { findAccountByEmailForLink, findLink, insertLinkStatement, linksOf } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { clientIp } from '../core/http/client-ip';
import { sendSocialNotice } from './notices';
import type { SocialLinkCase } from '../../src/shared/contract/social';
import type { Identity } from './oauth';

type Ctx = Context<AppEnv>;

/** The streaming service has its own pair of codes (spec §8 20087/20088). */
const STREAMING = new Set(['twitch']);

export function usedByAnother(provider: string): ApiError {
  return STREAMING.has(provider)
    ? new ApiError(409, '20087', 'This streaming account is already linked to another account')
    : new ApiError(409, '20009', 'This social account is already linked to another account');
}

export function providerAlreadyLinked(provider: string): ApiError {
  return STREAMING.has(provider)
    ? new ApiError(409, '20088', 'A streaming account is already linked to this account')
    : new ApiError(409, '20109', 'An account of this provider is already linked to this account');
}

export interface ProvenIdentity extends Identity {
  provider: string;
}

/** Links the identity to the account (audited, notice emailed). Already linked to this account: nothing to do. */
export async function linkIdentity(c: Ctx, account: AccountRow, id: ProvenIdentity, via: string): Promise<void> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const existing = await findLink(c.var.db, id.provider, id.subject);
  if (existing !== null) {
    if (existing.account_id === account.id) return;
    throw usedByAnother(id.provider);
  }
  if ((await linksOf(c.var.db, account.id)).some((l) => l.provider === id.provider))
    throw providerAlreadyLinked(id.provider);
  const [inserted] = await db.batch([
    insertLinkStatement(
      c.var.db,
      {
        provider: id.provider,
        subject: id.subject,
        accountId: account.id,
        email: id.emailVerified ? id.email : null,
        displayName: id.name,
      },
      now,
    ),
  ]);
  if (inserted.rowsAffected !== 1) {
    // A parallel link won: tell which conflict it left.
    const now2 = await findLink(c.var.db, id.provider, id.subject);
    if (now2?.account_id === account.id) return;
    throw now2 !== null ? usedByAnother(id.provider) : providerAlreadyLinked(id.provider);
  }
  await c.var.db.run(
    auditStatement(
      // TRANSITIONAL: audit (server/core) still takes the D1 binding until it is ported.
      c.var.db,
      { accountId: account.id, event: 'social.linked', ip: clientIp(c), detail: { provider: id.provider, via } },
      now,
    ),
  );
  await sendSocialNotice(c, account.email, 'linked', id.provider);
}

/** The social-link case of a new identity whose verified email is `email` (null: no account has it). */
export async function socialLinkCaseFor(
  db: Db,
  provider: string,
  email: string,
  fromTypedEmail: boolean,
): Promise<{ accountId: number; linkCase: SocialLinkCase } | null> {
  const account = await findAccountByEmailForLink(db, email);
  if (account === null) return null;
  const accountId = account.id;
  if ((await linksOf(db, accountId)).some((l) => l.provider === provider)) return { accountId, linkCase: 4 };
  if (fromTypedEmail) return { accountId, linkCase: 3 };
  return { accountId, linkCase: account.hasPassword ? 1 : 2 };
}
