/**
 * The client's device id (spec §3: generated once and kept, or taken from
 * the launcher): 1 to 128 identifier characters (./ids: ASCII letters,
 * digits and `_ . : -`), which covers the portal's UUIDs and the launcher's
 * `[A-Za-z0-9-]{8,64}`. One of the contract's ids (./ids re-exports it),
 * kept in a file of its own because the app shell's login-status check
 * (./login-status) loads it on every page: a module the shell imports ships
 * whole in the shell chunk (docs/performance.md). Written as one pattern
 * for the same reason; tests/unit/shared/ids.test.ts checks it accepts
 * exactly what `identifier(128)` does.
 */
import * as z from 'zod/mini';
import { checked } from './checked';

export const deviceId = checked(z.string(), z.regex(/^[\w.:-]{1,128}$/));
