/**
 * SMS provider. Local default: the text is stored in the outbox table, where
 * the dev SMS outbox (DEV_TOOLS) shows it. Production: an HTTP SMS API
 * (SMS_API_URL, SMS_API_KEY, SMS_FROM) receives `POST {from, to, text}` with a
 * bearer key; only the delivery record is kept, never the text or the code.
 */
import type { Db } from '../db/engine';
import * as z from 'zod/mini';
import type { HttpProviderConfig } from '../env';
import type { Clock } from '../clock';
import { storeMessage } from '../data/outbox';
import { postJson } from './http';

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  text: string;
  code?: string;
}

export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/** Texts have no subject; the outbox's subject column holds a fixed label for the dev page. */
const SMS_SUBJECT = 'SMS';

export function outboxSms(db: Db, clock: Clock): SmsProvider {
  return {
    kind: 'outbox',
    send: (m) =>
      storeMessage(
        db,
        {
          channel: 'sms',
          recipient: m.to,
          subject: SMS_SUBJECT,
          body: m.text,
          code: m.code ?? null,
          link: null,
          status: 'stored',
        },
        clock.now(),
      ),
  };
}

export function httpSms(config: NonNullable<HttpProviderConfig>, db: Db, clock: Clock): SmsProvider {
  return {
    kind: 'http',
    async send(m) {
      const record = {
        channel: 'sms' as const,
        recipient: m.to,
        subject: SMS_SUBJECT,
        body: null,
        code: null,
        link: null,
      };
      try {
        await postJson('sms', config.url, config.key, { from: config.from, to: m.to, text: m.text }, z.unknown());
      } catch (e) {
        await storeMessage(db, { ...record, status: 'failed' }, clock.now());
        throw e;
      }
      await storeMessage(db, { ...record, status: 'sent' }, clock.now());
    },
  };
}
