/** Every /api/* request goes to the reference account API (server/app.ts). */
import { createApp } from '../../server/app';
import type { Env } from '../../server/core/env';

const app = createApp();

export const onRequest: PagesFunction<Env> = (ctx) =>
  app.fetch(ctx.request, ctx.env, {
    waitUntil: (promise) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    // Pages Functions have no per-call props; Hono's ExecutionContext type expects the field.
    props: {},
  });
