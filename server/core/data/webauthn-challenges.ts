/** Passkey ceremony challenges (server/core/security/webauthn.ts): stored as SHA-256, single use, short-lived. */
import type { Db, Query } from '../db/engine';

export interface ChallengeScope {
  purpose: string;
  binding: string;
  accountId: number | null;
}

/** Stores a challenge, replacing the binding's previous one of the same purpose; expired ones of anyone go too. */
export function storeChallengeStatements(
  db: Db,
  challengeHash: string,
  c: ChallengeScope,
  now: number,
  ttlMs: number,
): Query[] {
  return [
    // Expired challenges of anyone go with each new one, so the table never grows past the live ones.
    db.q
      .deleteFrom('webauthn_challenges')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', now), eb.and([eb('binding', '=', c.binding), eb('purpose', '=', c.purpose)])]),
      ),
    db.q.insertInto('webauthn_challenges').values({
      challenge_hash: challengeHash,
      purpose: c.purpose,
      binding: c.binding,
      account_id: c.accountId,
      expires_at: now + ttlMs,
      created_at: now,
    }),
  ];
}

/** Deletes the live challenge of this scope: true for exactly one caller (a conditional DELETE … RETURNING). */
export async function deleteLiveChallenge(
  db: Db,
  challengeHash: string,
  expected: ChallengeScope,
  now: number,
): Promise<boolean> {
  const row = await db.first(
    db.q
      .deleteFrom('webauthn_challenges')
      .where('challenge_hash', '=', challengeHash)
      .where('purpose', '=', expected.purpose)
      .where('binding', '=', expected.binding)
      .where((eb) =>
        expected.accountId === null ? eb('account_id', 'is', null) : eb('account_id', '=', expected.accountId),
      )
      .where('expires_at', '>', now)
      .returning('challenge_hash'),
  );
  return row !== undefined;
}
