/** Hono typing shared by the app, its middleware and its routes. */
import type { Clock } from '../clock';
import type { Db } from '../db/engine';
import type { Env } from '../env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    clock: Clock;
    /** This request's data engine (server/core/db/middleware.ts). */
    db: Db;
  };
}
