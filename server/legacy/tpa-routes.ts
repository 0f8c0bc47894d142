/**
 * login/migration-tpa (spec §1, §2, §3 migration state; docs/legacy.md "Through a third-party sign-in"): a
 * legacy account reached through a third-party sign-in (its identity linked to the account, or linked by the
 * social-link proof of an account whose email the provider gave) moves off its legacy ID with the third-party
 * session as the proof of ownership instead of the password. login/tpa and the social-link proofs answer it
 * 20211 or 20184 and keep the session; this reads the migration state and migrates, using the session up.
 *
 * The migration itself is the password flows' (server/legacy/data.ts): one batch whose conditional close
 * decides between parallel calls, audited for the winner only. Then the sign-in starts as login/tpa's would
 * (security/sign-in.ts); a step left (terms, healup, second factor) is finished by login complete.
 */
import type { Context, Hono } from 'hono';
import { getTpaMigration, migrateTpa } from '../../src/shared/contract/migration';
import { socialProvider } from '../../src/shared/contract/social';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import { emailTaken } from '../signup/data';
import { isUniqueViolation, type Db } from '../core/db/engine';
import { findLink, type TpaSessionRow } from '../social/data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { migrateToEmail, migrateToNewId, pendingLegacy, type LegacyRow } from './data';
import { clientIp } from '../core/http/client-ip';
import { accountStateError, isSignInPause, signInAfterPassword } from '../signin/sign-in';
import { requireTpaSession, sessionExpired } from '../social/flow';
import { taken, verifySignupCode } from '../signup/routes';
import { takeSession } from '../social/routes';

type Ctx = Context<AppEnv>;

interface Migration {
  session: TpaSessionRow;
  account: AccountRow;
  legacy: LegacyRow;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The legacy account the browser's third-party session signs in to, with its open migration. */
async function migrationOf(c: Ctx): Promise<Migration> {
  const db = c.var.db;
  const session = await requireTpaSession(c);
  const link = await findLink(c.var.db, session.provider, session.subject);
  const account = link === null ? null : await findAccountById(db, link.account_id);
  if (account === null) throw new ApiError(404, '20215', 'No account is linked to this sign-in');
  // The sign-in would refuse this account (blocked, suspended…): so does its migration, with the same code.
  const refused = accountStateError(account);
  if (refused) throw refused;
  const legacy = await pendingLegacy(c.var.db, account.id);
  if (legacy === null) throw badInput('The account of this sign-in has nothing to migrate');
  return { session, account, legacy };
}

/** The email the provider proved (the only kind of provider email a migration may use). */
function providerEmail(session: TpaSessionRow): string | null {
  return session.email_verified === 1 ? session.email : null;
}

/**
 * The email offered without a code: the legacy email (verified when the provider proved that very address),
 * or for a legacy-ID account the provider's proven email when no account signs in with it. null: the player
 * chooses an address and proves it by code (as create-legacy does).
 */
async function offeredEmail(db: Db, m: Migration): Promise<{ email: string; verified: boolean } | null> {
  const proven = providerEmail(m.session);
  if (m.legacy.kind === 'email')
    return { email: m.account.email, verified: proven !== null && sameAddress(proven, m.account.email) };
  if (proven === null || (await emailTaken(db, proven.trim()))) return null;
  return { email: proven.trim(), verified: true };
}

async function refuse(c: Ctx, accountId: number, error: ApiError): Promise<never> {
  await c.var.db.run(
    auditStatement(
      c.var.db,
      { accountId, event: 'legacy.refused', ip: clientIp(c), detail: { via: 'tpa', code: error.code } },
      c.var.clock.now(),
    ),
  );
  throw error;
}

export function legacyTpaRoutes(app: Hono<AppEnv>): void {
  mount(app, getTpaMigration, async (c) => {
    const m = await migrationOf(c);
    const offer = await offeredEmail(c.var.db, m);
    return {
      provider: socialProvider.parse(m.session.provider),
      legacyLoginID: m.legacy.legacy_login_id,
      kind: m.legacy.kind,
      legacyEmail: offer?.email ?? null,
      emailVerified: offer?.verified ?? false,
    };
  });

  mount(app, migrateTpa, async (c, { body }) => {
    const db = c.var.db;
    const m = await migrationOf(c);
    const { account, legacy, session } = m;
    const offer = await offeredEmail(c.var.db, m);
    const target = body.email.trim();
    const offered = offer !== null && sameAddress(offer.email, target);
    if (legacy.kind === 'email') {
      // Only the legacy email, whose uniqueness the accounts table keeps (as migrate-legacy).
      if (!offered || body.code !== undefined)
        await refuse(c, account.id, badInput('A legacy-email account moves to its legacy email'));
    } else if (!offered) {
      // Any other address is proven by the sign-up email code, used up only when right (as create-legacy).
      if (body.code === undefined) await refuse(c, account.id, badInput('The new email needs its code'));
      else await verifySignupCode(c, target, body.code, true);
      // A code is only sent to a free address; this catches one registered since.
      if (await emailTaken(c.var.db, target)) throw taken();
    }
    // The proof is used once: of parallel calls exactly one takes the session (the others: 20159).
    const proof = await takeSession(c);
    if (proof.token_hash !== session.token_hash) throw sessionExpired();
    const now = c.var.clock.now();
    const ip = clientIp(c);
    const detail = { via: 'tpa', provider: session.provider };
    let migrated: boolean;
    try {
      migrated =
        legacy.kind === 'email'
          ? await migrateToEmail(c.var.db, account.id, ip, now, { emailVerified: offer?.verified === true, detail })
          : await migrateToNewId(c.var.db, account.id, target, ip, now, { detail });
    } catch (error) {
      if (isUniqueViolation(error, 'accounts', 'email')) throw taken();
      throw error;
    }
    // Another call (the password flows) closed the migration first: nothing changed here.
    if (!migrated) await refuse(c, account.id, badInput('The account of this sign-in has nothing to migrate'));
    const moved = await findAccountById(db, account.id);
    if (moved === null) throw sessionExpired();
    try {
      await signInAfterPassword(c, moved, {
        rememberMe: false,
        deviceId: body.deviceId,
        detail: {
          channel: 'tpa-migration',
          provider: session.provider,
          localTime: body.localTime,
          timeOffset: body.timeOffset,
        },
        // A third-party sign-in: how the provider proved the player is not seen here.
        amr: [],
      });
    } catch (error) {
      // A step is left (its pending session is set): login complete finishes the sign-in from there.
      if (!isSignInPause(error)) throw error;
    }
    return { email: moved.email };
  });
}
