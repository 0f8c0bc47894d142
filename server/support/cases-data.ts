/**
 * Storage of the ownership-verification cases (migration 0009), on the query builder (server/core/db/README.md).
 * A decision is one batch: the audit row and the conditional UPDATE (`… WHERE status = 'open' RETURNING`), both
 * guarded by the case still being open, so two operators deciding the same case at once cannot both win.
 */
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';
import { GAME_REGIONS } from '../../src/shared/validation/ownership';

export const CASE_STATUSES = ['open', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

const caseRow = z.object({
  id: z.number(),
  reference: z.string(),
  account_id: z.nullable(z.number()),
  account_input: z.string(),
  contact_email: z.string(),
  product_ids: z.string(),
  game_region: z.nullable(z.enum(GAME_REGIONS)),
  order_id: z.nullable(z.string()),
  purchase_date: z.nullable(z.string()),
  description: z.string(),
  locale: z.string(),
  portal_origin: z.string(),
  ip: z.nullable(z.string()),
  status: z.enum(CASE_STATUSES),
  created_at: z.number(),
  decided_at: z.nullable(z.number()),
  /** The account's current email (joined), null when no account matched. */
  account_email: z.nullable(z.string()),
});
export type CaseRow = z.infer<typeof caseRow>;

export interface NewCase {
  reference: string;
  accountId: number | null;
  accountInput: string;
  contactEmail: string;
  productIds: readonly number[];
  gameRegion: string | null;
  orderId: string | null;
  purchaseDate: string | null;
  description: string;
  locale: string;
  portalOrigin: string;
  ip: string | null;
}

/** Reference alphabet: digits and capitals without 0/O, 1/I/L (read aloud to support, typed from an email). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A fresh reference, LF-XXXXXXXX (31^8 ≈ 8.5e11 values: a collision is retried by the caller). */
export function newReference(): string {
  // 31 does not divide 256: drop bytes from 248 up so every letter is equally likely.
  const out: string[] = [];
  while (out.length < 8) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < 248 && out.length < 8) out.push(ALPHABET[b % ALPHABET.length] ?? '2');
    }
  }
  return `LF-${out.join('')}`;
}

export function insertCaseStatement(db: Db, c: NewCase, now: number) {
  return db.q.insertInto('support_cases').values({
    reference: c.reference,
    account_id: c.accountId,
    account_input: c.accountInput,
    contact_email: c.contactEmail,
    product_ids: JSON.stringify(c.productIds),
    game_region: c.gameRegion,
    order_id: c.orderId,
    purchase_date: c.purchaseDate,
    description: c.description,
    locale: c.locale,
    portal_origin: c.portalOrigin,
    ip: c.ip,
    status: 'open',
    created_at: now,
  });
}

/** The cases with their account's current email (null when no account matched). */
function selectCases(db: Db) {
  return db.q
    .selectFrom('support_cases as sc')
    .leftJoin('accounts as a', 'a.id', 'sc.account_id')
    .selectAll('sc')
    .select('a.email as account_email');
}

export async function findCase(db: Db, reference: string): Promise<CaseRow | null> {
  const row = await db.first(selectCases(db).where('sc.reference', '=', reference));
  return row === undefined ? null : caseRow.parse(row);
}

/** Cases newest first; `status` narrows the list. */
export async function listCases(db: Db, status?: CaseStatus, limit = 100): Promise<CaseRow[]> {
  const all = selectCases(db).orderBy('sc.created_at', 'desc').orderBy('sc.id', 'desc').limit(limit);
  const rows = await db.all(status === undefined ? all : all.where('sc.status', '=', status));
  return rows.map((r) => caseRow.parse(r));
}

/**
 * Decides an open case in one batch: the audit row, inserted only while the case is open, then the conditional
 * update (both see the state before the decision: the batch is one atomic unit on D1 and PostgreSQL). Returns the
 * case's account id (null when no account matched), or undefined when the case was not open any more (someone else
 * decided it first: neither statement changed anything).
 */
export async function decideCase(
  db: Db,
  reference: string,
  decision: Exclude<CaseStatus, 'open'>,
  operator: string,
  now: number,
): Promise<{ accountId: number | null } | undefined> {
  const [, update] = await db.batch([
    db.q
      .insertInto('audit_log')
      .columns(['account_id', 'event', 'ip', 'detail', 'created_at'])
      .expression(
        db.q
          .selectFrom('support_cases')
          .select((eb) => [
            'account_id',
            eb.val(`support.case.${decision}`).as('event'),
            eb.val(null).as('ip'),
            eb.val(JSON.stringify({ reference, operator })).as('detail'),
            eb.val(now).as('created_at'),
          ])
          .where('reference', '=', reference)
          .where('status', '=', 'open'),
      ),
    db.q
      .updateTable('support_cases')
      .set({ status: decision, decided_at: now })
      .where('reference', '=', reference)
      .where('status', '=', 'open')
      .returning('account_id'),
  ]);
  const row = update.rows[0];
  return row === undefined ? undefined : { accountId: row.account_id };
}
