/**
 * Storage of the ownership-verification cases (migrations/0009_support_cases.sql).
 * Parameterised SQL only. A decision is one conditional UPDATE (`… WHERE
 * status = 'open' RETURNING`) batched with its audit row, so two operators
 * deciding the same case at once cannot both win.
 */
import * as z from 'zod/mini';
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

export function insertCaseStatement(db: D1Database, c: NewCase, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO support_cases (reference, account_id, account_input, contact_email, product_ids, game_region,
         order_id, purchase_date, description, locale, portal_origin, ip, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'open', ?13)`,
    )
    .bind(
      c.reference,
      c.accountId,
      c.accountInput,
      c.contactEmail,
      JSON.stringify(c.productIds),
      c.gameRegion,
      c.orderId,
      c.purchaseDate,
      c.description,
      c.locale,
      c.portalOrigin,
      c.ip,
      now,
    );
}

const SELECT = `SELECT sc.*, a.email AS account_email FROM support_cases sc LEFT JOIN accounts a ON a.id = sc.account_id`;

export async function findCase(db: D1Database, reference: string): Promise<CaseRow | null> {
  const row = await db.prepare(`${SELECT} WHERE sc.reference = ?1`).bind(reference).first();
  return row === null ? null : caseRow.parse(row);
}

/** Cases newest first; `status` narrows the list. */
export async function listCases(db: D1Database, status?: CaseStatus, limit = 100): Promise<CaseRow[]> {
  const { results } =
    status === undefined
      ? await db.prepare(`${SELECT} ORDER BY sc.created_at DESC, sc.id DESC LIMIT ?1`).bind(limit).all()
      : await db
          .prepare(`${SELECT} WHERE sc.status = ?1 ORDER BY sc.created_at DESC, sc.id DESC LIMIT ?2`)
          .bind(status, limit)
          .all();
  return results.map((r) => caseRow.parse(r));
}

/**
 * Decides an open case: the conditional update, then the audit row only when
 * this update made the decision (D1 cannot abort a batch on "no row", so the
 * audit insert selects the row the update just wrote). Returns the case's
 * account id (null when no account matched), or undefined when the case was
 * not open any more (someone else decided it first).
 */
export async function decideCase(
  db: D1Database,
  reference: string,
  decision: Exclude<CaseStatus, 'open'>,
  operator: string,
  now: number,
): Promise<{ accountId: number | null } | undefined> {
  const [update] = await db.batch<{ account_id: number | null }>([
    db
      .prepare(
        `UPDATE support_cases SET status = ?2, decided_at = ?3
         WHERE reference = ?1 AND status = 'open' RETURNING account_id`,
      )
      .bind(reference, decision, now),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT account_id, ?2, NULL, json_object('reference', reference, 'operator', ?4), ?3
         FROM support_cases WHERE reference = ?1 AND status = ?5 AND decided_at = ?3`,
      )
      .bind(reference, `support.case.${decision}`, now, operator, decision),
  ]);
  const row = update?.results[0];
  return row === undefined ? undefined : { accountId: row.account_id };
}
