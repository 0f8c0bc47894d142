/** The test servers' ports (scripts/free-port.mjs): free, and outside the range the kernel hands out for port 0. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.mjs';

function ephemeralStart(): number {
  return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('freePort', () => {
  it('gives ports below the ephemeral range, that can be bound, and not always the same one', async () => {
    const ports = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralStart());
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
    const server = await listen(await freePort());
    server.close();
  });

  it('never gives a port the kernel just gave to a port-0 bind', async () => {
    // What went wrong before: a port-0 listener took the port handed out a moment earlier.
    const held = await Promise.all(Array.from({ length: 20 }, () => listen(0)));
    const taken = new Set(held.map((s) => (s.address() as { port: number }).port));
    for (let i = 0; i < 20; i++) expect(taken.has(await freePort())).toBe(false);
    for (const s of held) s.close();
  });

  it('skips a port that is in use', async () => {
    const held = await listen(await freePort());
    const heldPort = (held.address() as { port: number }).port;
    const span = ephemeralStart() - 10_000;
    // The first draw lands on the held port, the second just above it.
    const draws = [(heldPort - 10_000 + 0.5) / span, (heldPort + 1 - 10_000 + 0.5) / span];
    const port = await freePort(() => draws.shift() ?? Math.random());
    expect(port).toBe(heldPort + 1);
    expect(draws).toEqual([]);
    held.close();
  });
});
