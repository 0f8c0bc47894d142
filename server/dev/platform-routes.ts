/**
 * DEV_TOOLS only (the gate of server/dev/routes.ts answers 404 otherwise): the
 * local platform ticket issuer. POST /api/dev/platform/ticket mints a ticket
 * for tests; GET /api/dev/platform is a small page where a person picks a
 * platform and a console identity and is sent to global/{platform}/login with
 * a fresh ticket, as a console would open the portal (docs/platforms.md).
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import * as z from 'zod/mini';
import { devMintPlatformTicket } from '../../src/shared/contract/dev-platform';
import { CONSOLE_PLATFORMS } from '../../src/regions/schema';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { mintDevTicket } from '../platform/dev-issuer';
import { DEV_PREFIX } from './routes';

export const DEV_PLATFORM_PATH = `${DEV_PREFIX}/platform`;
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const startQuery = z.object({
  platform: z.enum(CONSOLE_PLATFORMS),
  user: z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,128}$/)),
  accountType: z.enum(['adult', 'minor']),
  locale: z._default(z.string().check(z.regex(/^[a-z]{2}$/)), 'en'),
});

export function devPlatformRoutes(app: Hono<AppEnv>): void {
  mount(app, devMintPlatformTicket, async (c, { body }) => ({
    ticket: await mintDevTicket(c.env, body, c.var.clock.now()),
  }));

  app.get(DEV_PLATFORM_PATH, (c) => {
    const platforms = settingsOf(c.env).region.consolePlatforms;
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Dev console sign-in</title>
          </head>
          <body>
            <main>
              <h1>Dev console sign-in</h1>
              <p>
                Signs a platform ticket with the local issuer and opens the portal as a console would. Local development
                only. The seeded identity <code>ps-linked-demo</code> is linked to totp@demo.lumenforge.test;
                <code>ps-new-demo</code> is not linked.
              </p>
              <form method="get" action="${DEV_PLATFORM_PATH}/start">
                <p>
                  <label for="platform">Platform</label>
                  <select id="platform" name="platform">
                    ${platforms.map((p) => html`<option value="${p}">${p}</option>`)}
                  </select>
                </p>
                <p>
                  <label for="user">Platform user id</label>
                  <input id="user" name="user" value="ps-new-demo" required pattern="[A-Za-z0-9._:-]{1,128}" />
                </p>
                <p>
                  <label for="accountType">Console account type</label>
                  <select id="accountType" name="accountType">
                    <option value="adult">adult</option>
                    <option value="minor">minor</option>
                  </select>
                </p>
                <button type="submit">Open the console sign-in</button>
              </form>
            </main>
          </body>
        </html>`,
    );
  });

  app.get(`${DEV_PLATFORM_PATH}/start`, async (c) => {
    const parsed = startQuery.safeParse(c.req.query());
    if (!parsed.success) throw badInput('platform, user and accountType are required');
    const q = parsed.data;
    if (!settingsOf(c.env).region.consolePlatforms.includes(q.platform)) throw badInput('Platform not served here');
    const ticket = await mintDevTicket(
      c.env,
      { platform: q.platform, platformUserId: q.user, accountType: q.accountType },
      c.var.clock.now(),
    );
    const query = new URLSearchParams({ ticket });
    return c.redirect(`/account/${q.locale}/global/${q.platform}/login?${query.toString()}`, 303);
  });
}
