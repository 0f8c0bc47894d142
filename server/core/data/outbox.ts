/** The outbox: every email and SMS the API sends (see migrations/0001_core.sql for what is kept). */
import * as z from 'zod/mini';
import type { OutboxMessage } from '../../../src/shared/contract/dev';
import type { Db } from '../db/engine';
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

export async function storeMessage(db: Db, m: StoredMessage, now: number): Promise<void> {
  await db.run(
    db.q.insertInto('outbox').values({
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      code: m.code,
      link: m.link,
      status: m.status,
      created_at: now,
      headers: m.headers ? JSON.stringify(m.headers) : null,
    }),
  );
}

/** Messages the local providers stored for one recipient, newest first (dev mailbox and SMS outbox). */
export async function readMailbox(db: Db, channel: Channel, recipient: string): Promise<OutboxMessage[]> {
  const results = await db.all(
    db.q
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body', 'code', 'link', 'headers', 'created_at'])
      .where('channel', '=', channel)
      .where('recipient', '=', recipient)
      .where('status', '=', 'stored')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100),
  );
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
