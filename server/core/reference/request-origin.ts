/**
 * Where a request comes from, as the settings lists show it: the browser and
 * system the User-Agent names (server/core/reference/devices.ts) and the country of the
 * edge's request data (CF country / CF-IPCountry). Shown to the account
 * holder ("Chrome on Windows, DE"), never used for a security decision: the
 * User-Agent is whatever the client says.
 */
import type { Context } from 'hono';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import { visitorCountry } from './countries';
import { describeUserAgent, type DeviceType } from './devices';

export interface RequestOrigin {
  readonly browser: string | null;
  readonly os: string | null;
  readonly deviceType: DeviceType;
  readonly country: string | null;
}

export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  const { browser, os, type } = describeUserAgent(c.req.header('User-Agent'));
  return { browser, os, deviceType: type, country: visitorCountry(c.req.raw, settingsOf(c.env).devTools) };
}
