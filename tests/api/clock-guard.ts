/**
 * Set-up file of the api projects: every API test file runs against one shared workerd instance, and the dev clock
 * (POST /api/dev/clock) is one value for all of them. A file that moves it and does not put it back makes the files
 * after it fail at random (a token's `iat` half an hour ahead, a limit window that went backwards), far from the
 * cause. After each file this checks the clock is back, names the file that left it off and puts it back.
 */
import { afterAll } from 'vitest';
import { Browser, setClock } from './client';

/** The offset GET /api/dev/clock reports is computed from two readings of the time: a few ms of jitter is zero. */
const TOLERANCE_MS = 1_000;

afterAll(async () => {
  const reply = await new Browser().get('/api/dev/clock');
  const offsetMs = (reply.json as { offsetMs?: unknown } | null)?.offsetMs;
  if (typeof offsetMs !== 'number') throw new Error(`GET /api/dev/clock answered ${reply.status} ${reply.text}`);
  if (Math.abs(offsetMs) <= TOLERANCE_MS) return;
  await setClock(0);
  throw new Error(
    `this file left the API clock ${Math.round(offsetMs / 1000)} s off: reset it after each test that moves it`,
  );
});
