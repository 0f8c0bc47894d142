/**
 * Email provider. Local default: the message is stored in the outbox table,
 * where the dev mailbox (DEV_TOOLS) shows it. Production: an HTTP email API
 * (EMAIL_API_URL, EMAIL_API_KEY, EMAIL_FROM) receives
 * `POST {from, to, subject, text, headers?}` with a bearer key; only the delivery record
 * is kept in the outbox, never the text or the code.
 */
import type { Db } from '../db/engine';
import * as z from 'zod/mini';
import type { HttpProviderConfig } from '../env';
import type { Clock } from '../clock';
import { storeMessage } from '../data/outbox';
import { postJson } from './http';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code in the message, if any (kept for the dev mailbox with the local provider). */
  code?: string;
  /** The link in the message, if any. */
  link?: string;
  /**
   * Extra mail headers, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post` on newsletter mail. The
   * HTTP adapter sends them as `headers`; the local one keeps them for the dev mailbox.
   */
  headers?: Readonly<Record<string, string>>;
}

export interface EmailProvider {
  readonly kind: 'outbox' | 'http';
  send(message: EmailMessage): Promise<void>;
}

export function outboxEmail(db: Db, clock: Clock): EmailProvider {
  return {
    kind: 'outbox',
    send: (m) =>
      storeMessage(
        db,
        {
          channel: 'email',
          recipient: m.to,
          subject: m.subject,
          body: m.text,
          code: m.code ?? null,
          link: m.link ?? null,
          headers: m.headers ?? null,
          status: 'stored',
        },
        clock.now(),
      ),
  };
}

export function httpEmail(config: NonNullable<HttpProviderConfig>, db: Db, clock: Clock): EmailProvider {
  return {
    kind: 'http',
    async send(m) {
      const record = {
        channel: 'email' as const,
        recipient: m.to,
        subject: m.subject,
        body: null,
        code: null,
        link: null,
      };
      try {
        await postJson(
          'email',
          config.url,
          config.key,
          {
            from: config.from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            ...(m.headers ? { headers: m.headers } : {}),
          },
          z.unknown(),
        );
      } catch (e) {
        await storeMessage(db, { ...record, status: 'failed' }, clock.now());
        throw e;
      }
      await storeMessage(db, { ...record, status: 'sent' }, clock.now());
    },
  };
}
