/**
 * A free loopback port for a server we start ourselves (wrangler, its inspector, PostgreSQL, the dev IdP).
 *
 * Why not the kernel's port 0, closed and handed on: between the close and the child's own bind, any process that
 * binds port 0 may get the same port from the kernel. It happened in CI (November 2026): the D1 and PostgreSQL API
 * projects start their instances side by side, and workerd of a D1 instance bound the port just handed to a
 * PostgreSQL instance for its own inner worker. That wrangler then failed with "Address already in use", while the
 * health check got its 200 from the D1 worker, so the PostgreSQL project's production-rules tests ran against D1
 * until the D1 project ended, then failed with ECONNREFUSED.
 *
 * So the port is drawn at random below the kernel's ephemeral range (Linux: net.ipv4.ip_local_port_range, 32768
 * and up by default), where nobody's port-0 bind lands, and checked free by binding it. Two of our own draws may
 * still meet (odds about 1 in 20,000 a pair); callers that start a server confirm the server they reached is
 * theirs (tests/api/global-setup.ts waits for wrangler's own "Ready on" line).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Lowest port we draw: above the well-known and most registered service ports. */
const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (32768 when it cannot be read: not Linux). */
function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST + 1000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** Resolves true when `port` can be bound on 127.0.0.1 now. */
function bindable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A random free loopback port below the ephemeral range; `random` is there for the tests. */
export async function freePort(random = Math.random) {
  const high = ephemeralStart();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(random() * (high - LOWEST));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port between ${LOWEST} and ${high}`);
}
