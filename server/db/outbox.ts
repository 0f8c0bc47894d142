/** The outbox: every email and SMS the API sends (see migrations/0001_core.sql for what is kept). */
import * as z from 'zod/mini';
import type { OutboxMessage } from '../../src/shared/contract/dev';
import { outboxRow } from './rows';

export type Channel = 'email' | 'sms';

export interface StoredMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string | null;
  code: string | null;
  link: string | null;
  status: 'stored' | 'sent' | 'failed';
}

export async function storeMessage(db: D1Database, m: StoredMessage, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO outbox (channel, recipient, subject, body, code, link, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(m.channel, m.recipient, m.subject, m.body, m.code, m.link, m.status, now)
    .run();
}

/** Messages the local providers stored for one recipient, newest first (dev mailbox and SMS outbox). */
export async function readMailbox(db: D1Database, channel: Channel, recipient: string): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT recipient, subject, body, code, link, created_at FROM outbox
       WHERE channel = ?1 AND recipient = ?2 AND status = 'stored' ORDER BY created_at DESC, id DESC LIMIT 100`,
    )
    .bind(channel, recipient)
    .all();
  return z
    .array(outboxRow)
    .parse(results)
    .map((r) => ({
      to: r.recipient,
      subject: r.subject,
      text: r.body ?? '',
      sentAt: new Date(r.created_at).toISOString(),
      ...(r.code !== null ? { code: r.code } : {}),
      ...(r.link !== null ? { link: r.link } : {}),
    }));
}
