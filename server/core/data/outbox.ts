/** The outbox: every email and SMS the API sends (see migrations/0001_core.sql for what is kept). */
import * as z from 'zod/mini';
import type { OutboxMessage } from '../../../src/shared/contract/dev';
import { outboxRow } from './rows';

export type Channel = 'email' | 'sms';

export interface StoredMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string | null;
  code: string | null;
  link: string | null;
  /** Mail headers (e.g. RFC 8058 List-Unsubscribe), kept with the local provider for the dev mailbox. */
  headers?: Readonly<Record<string, string>> | null;
  status: 'stored' | 'sent' | 'failed';
}

const headerMap = z.record(z.string(), z.string());

export async function storeMessage(db: D1Database, m: StoredMessage, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO outbox (channel, recipient, subject, body, code, link, status, created_at, headers)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(
      m.channel,
      m.recipient,
      m.subject,
      m.body,
      m.code,
      m.link,
      m.status,
      now,
      m.headers ? JSON.stringify(m.headers) : null,
    )
    .run();
}

/** Messages the local providers stored for one recipient, newest first (dev mailbox and SMS outbox). */
export async function readMailbox(db: D1Database, channel: Channel, recipient: string): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT recipient, subject, body, code, link, headers, created_at FROM outbox
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
      ...(r.headers !== null ? { headers: headerMap.parse(JSON.parse(r.headers)) } : {}),
    }));
}
