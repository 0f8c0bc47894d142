/**
 * Issue 24: in dev mode every API response says what it cost the database (server/core/db/middleware.ts), on the
 * engine the project runs (api: D1, api-pg: PostgreSQL); without DEV_TOOLS the header is never sent.
 */
import { describe, expect, inject, it } from 'vitest';
import { DEV, NO_DEV } from './client';

const CONFIGURATION = '/api/account/v1/no-auth/configuration';
const TIMING = /^db;dur=\d+\.\d;desc="q=(\d+) r=(\d+) w=(\d+)"$/;

describe('Server-Timing', () => {
  it('reports statements and rows on every dev response, errors included', async () => {
    for (const path of [CONFIGURATION, '/api/account/v1/no-such-call']) {
      const res = await fetch(`${DEV()}${path}`);
      expect(res.headers.get('Server-Timing'), `${path} ${res.status}`).toMatch(TIMING);
    }
  });

  it('is absent without DEV_TOOLS', async () => {
    const res = await fetch(`${NO_DEV()}${CONFIGURATION}`, { headers: { Origin: inject('apiPortalOriginNoDev') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Server-Timing')).toBeNull();
  });
});
