/**
 * DEV_TOOLS only: the ops alert counter of the send gate (server/core/security/send-gate.ts). In production the
 * same alerts are the error-level log lines `{"alert":"sms-destination-budget",…}` a log drain picks up; the
 * counts stay in the database either way (server/core/data/ops-alerts.ts). The /api/dev gate answers 404 here
 * without DEV_TOOLS.
 */
import type { Hono } from 'hono';
import { devOpsAlerts } from '../../src/shared/contract/dev';
import { listOpsAlerts } from '../core/data/ops-alerts';
import type { AppEnv } from '../core/http/app-env';
import { mount } from '../core/http/mount';

export function devOpsAlertRoutes(app: Hono<AppEnv>): void {
  mount(app, devOpsAlerts, (c) => listOpsAlerts(c.var.db, c.var.clock.now()));
}
