/**
 * DEV_TOOLS only (local development and tests; production config never sets
 * it): the mailbox and SMS outbox, a small page to read them, the clock, and
 * test hooks for sessions and the password check. Without DEV_TOOLS every
 * path under /api/dev answers 404, as if it did not exist.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import * as z from 'zod/mini';
import {
  devCompleteSecondFactor,
  devCreateAccount,
  devCreateSession,
  devGetClock,
  devGetSession,
  devMailbox,
  devSendMessage,
  devSetClock,
  devSetConfiguration,
  devSms,
  devVerifyPassword,
  type OutboxMessage,
} from '../../src/shared/contract/dev';
import { CONFIG_KV_KEY } from '../../src/shared/contract/config';
import { inboundSms } from '../../src/shared/contract/communication';
import { serverPath } from '../../src/shared/contract/endpoint';
import { writeDevOffset } from '../core/data/dev-clock';
import { createAccount, findAccountById, findAccountByLogin } from '../core/data/accounts';
import { readMailbox } from '../core/data/outbox';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, BAD_INPUT } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { emailProvider, smsProvider } from '../core/providers/index';
import { checkPassword } from '../signin/authenticate';
import { hashPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { signSmsWebhook, SMS_SIGNATURE_HEADER } from '../core/security/sms-signature';
import { completeSecondFactor, startSession } from '../core/security/sessions';

export const DEV_PREFIX = '/api/dev';

/** Throws (rather than returns) the 404, so no later middleware turns it into a 405 that would reveal the route. */
export const devToolsGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!settingsOf(c.env).devTools) throw new ApiError(404, BAD_INPUT, 'Not found');
  return next();
};

/** Legacy parameters for the rehash test hook: one call of 100,000 iterations. */
const LEGACY_PARAMS = { totalIterations: 100_000, iterationsPerCall: 100_000 };

function clockState(offsetMs: number) {
  return { offsetMs, now: new Date(Date.now() + offsetMs).toISOString() };
}

const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function safeLink(link: string | undefined): string | null {
  if (link === undefined) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function page(channel: 'email' | 'sms', to: string, messages: OutboxMessage[] | null) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Dev outbox</title>
      </head>
      <body>
        <main>
          <h1>Dev outbox</h1>
          <p>Emails and texts sent by the local providers. Local development only.</p>
          <form method="get" action="${DEV_PREFIX}/">
            <fieldset>
              <legend>Read messages for</legend>
              <label
                ><input type="radio" name="channel" value="email" ${channel === 'email' ? 'checked' : ''} /> Email
                address</label
              >
              <label
                ><input type="radio" name="channel" value="sms" ${channel === 'sms' ? 'checked' : ''} /> Phone
                number</label
              >
              <p><label for="to">Address or number</label> <input id="to" name="to" value="${to}" required /></p>
              <button type="submit">Show messages</button>
            </fieldset>
          </form>
          ${channel === 'sms' && to.length > 0 ? replyForm(to) : ''}
          ${
            messages === null
              ? ''
              : html`<h2>${messages.length} message(s) for ${to}</h2>
                  <ol>
                    ${messages.map((m) => {
                      const link = safeLink(m.link);
                      return html`<li>
                        <article>
                          <h3>${m.subject}</h3>
                          <p><time datetime="${m.sentAt}">${m.sentAt}</time></p>
                          ${m.code !== undefined ? html`<p>Code: <strong>${m.code}</strong></p>` : ''}
                          ${link !== null ? html`<p><a href="${link}">${link}</a></p>` : ''}
                          <pre>${m.text}</pre>
                        </article>
                      </li>`;
                    })}
                  </ol>`
          }
        </main>
      </body>
    </html>`;
}

/**
 * The SMS outbox answers as the phone's owner would: the reply goes to the inbound-SMS webhook signed with the
 * webhook secret, exactly as the SMS provider would deliver it (YES confirms an opt-in, STOP ends it).
 */
function replyForm(to: string) {
  return html`<form method="post" action="${DEV_PREFIX}/sms/reply">
    <fieldset>
      <legend>Reply from ${to}</legend>
      <input type="hidden" name="from" value="${to}" />
      <p>
        <label for="reply">Reply text</label>
        <input id="reply" name="text" value="YES" maxlength="160" required />
      </p>
      <button type="submit">Send reply</button>
    </fieldset>
  </form>`;
}

const replyInput = z.object({
  from: z.string().check(z.regex(/^\+[1-9]\d{6,14}$/)),
  text: z.string().check(z.maxLength(160)),
});

export function devRoutes(app: Hono<AppEnv>): void {
  app.use(DEV_PREFIX, devToolsGate);
  app.use(`${DEV_PREFIX}/*`, devToolsGate);

  const renderPage = async (c: Context<AppEnv>) => {
    const channel = c.req.query('channel') === 'sms' ? 'sms' : 'email';
    const to = (c.req.query('to') ?? '').trim().slice(0, 254);
    const messages = to.length > 0 ? await readMailbox(c.var.db, channel, to) : null;
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(page(channel, to, messages));
  };
  app.get(DEV_PREFIX, renderPage);
  app.get(`${DEV_PREFIX}/`, renderPage);

  mount(app, devMailbox, (c, { query }) => readMailbox(c.var.db, 'email', query.to));
  mount(app, devSms, (c, { query }) => readMailbox(c.var.db, 'sms', query.to));

  // A form post from the page above (csrf-exempt.ts: allowed Origin, form body); answers with the page again.
  app.post(`${DEV_PREFIX}/sms/reply`, async (c) => {
    const parsed = replyInput.safeParse(await c.req.parseBody());
    if (!parsed.success) throw new ApiError(400, BAD_INPUT, 'from (E.164) and text (up to 160 characters) expected');
    const body = JSON.stringify({ messageId: `dev-${crypto.randomUUID()}`, ...parsed.data });
    const signature = await signSmsWebhook(settingsOf(c.env).smsWebhookSecret, body, c.var.clock.now());
    const webhook = new URL(serverPath(inboundSms), c.req.url);
    const res = await app.fetch(
      new Request(webhook, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SMS_SIGNATURE_HEADER]: signature },
        body,
      }),
      c.env,
    );
    if (!res.ok) throw new ApiError(502, BAD_INPUT, `The webhook answered ${String(res.status)}`);
    return c.redirect(`${DEV_PREFIX}/?channel=sms&to=${encodeURIComponent(parsed.data.from)}`, 303);
  });

  mount(app, devGetClock, (c) => Promise.resolve(clockState(c.var.clock.now() - Date.now())));
  mount(app, devSetClock, async (c, { body }) => {
    // The dev clock lives in D1 on either engine (server/core/data/dev-clock.ts).
    await writeDevOffset(c.env.DB, body.offsetMs);
    return clockState(body.offsetMs);
  });

  mount(app, devCreateAccount, async (c, { body }) => {
    if (await findAccountByLogin(c.var.db, body.email)) throw new ApiError(409, '20050', 'Email already used');
    const passwordHash = await hashPassword(
      body.password,
      body.legacyHash === true ? LEGACY_PARAMS : passwordParams(c.env),
    );
    const region = settingsOf(c.env).region;
    const accountId = await createAccount(
      c.var.db,
      {
        email: body.email,
        emailVerified: true,
        membershipNo: region.membershipNo,
        countryCode: null,
        birthYear: null,
        birthMonth: null,
        isMinor: false,
        passwordHash,
      },
      c.var.clock.now(),
    );
    return { accountId };
  });

  mount(app, devCreateSession, async (c, { body }) => {
    if (!(await findAccountById(c.var.db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    // A dev session proves nothing: no amr (a test signs in for real to get pwd, otp…).
    await startSession(c, body.accountId, {
      rememberMe: body.rememberMe ?? false,
      level: body.level ?? 'full',
      amr: [],
    });
    return {};
  });

  mount(app, devGetSession, (_c, { session }) => {
    return Promise.resolve({
      accountId: session.accountId,
      level: session.level,
      rememberMe: session.rememberMe,
      idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
      absoluteExpiresAt: new Date(session.absoluteExpiresAt).toISOString(),
    });
  });

  mount(app, devCompleteSecondFactor, async (c) => {
    await completeSecondFactor(c, ['otp']);
    return {};
  });

  mount(app, devSendMessage, async (c, { body }) => {
    const extra = { ...(body.code !== undefined ? { code: body.code } : {}) };
    if (body.channel === 'email')
      await emailProvider(c).send({
        to: body.to,
        subject: body.subject,
        text: body.text,
        ...extra,
        ...(body.link !== undefined ? { link: body.link } : {}),
      });
    else await smsProvider(c).send({ to: body.to, text: body.text, ...extra });
    return {};
  });

  mount(app, devSetConfiguration, async (c, { body }) => {
    if (body.value === null) await c.env.CONFIG.delete(CONFIG_KV_KEY);
    else await c.env.CONFIG.put(CONFIG_KV_KEY, body.value);
    return {};
  });

  /** Proves the error model: an unexpected exception answers 500 SERVER_ERROR without a stack. */
  app.get(`${DEV_PREFIX}/throw`, () => {
    throw new Error('Deliberate failure from the dev throw route');
  });

  mount(app, devVerifyPassword, async (c, { body }) => {
    const account = await findAccountByLogin(c.var.db, body.email);
    const { rehashed } = await checkPassword(c, account, body.password, {
      loginId: body.email,
      captchaSolved: body.captchaSolved === true,
    });
    return { rehashed };
  });
}
