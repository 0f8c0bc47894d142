/** Hono typing shared by the app, its middleware and its routes. */
import type { Clock } from '../clock';
import type { Env } from '../env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    clock: Clock;
  };
}
