/**
 * DEV_TOOLS hook of the console platforms (404 in production, left out of the OpenAPI document like every dev
 * route): the local issuer signs a platform ticket, as a console would, for tests and the dev page that starts a
 * console sign-in (docs/platforms.md).
 */
import * as z from 'zod/mini';
import { CONSOLE_PLATFORMS } from '../../regions/schema';
import { opaqueToken, postBody } from './common';
import { endpoint } from './endpoint';

export const devMintPlatformTicket = endpoint({
  id: 'devMintPlatformTicket',
  base: 'core',
  method: 'POST',
  path: '/dev/platform/ticket',
  body: postBody({
    // The store connector's platform too: its session tickets come from the same local issuer.
    platform: z.enum([...CONSOLE_PLATFORMS, 'steam']),
    platformUserId: z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,128}$/)),
    accountType: z._default(z.enum(['adult', 'minor']), 'adult'),
    game: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/))),
    /** Seconds; negative values mint an already expired ticket (tests). */
    ttl: z.optional(z.number().check(z.int(), z.gte(-3600), z.lte(3600))),
  }),
  response: z.object({ ticket: opaqueToken }),
  auth: false,
  summary: 'Dev: a platform ticket signed by the local issuer.',
});
