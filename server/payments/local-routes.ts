/**
 * The local payment provider's side of a card setup (DEV_TOOLS only: under
 * /api/dev, whose gate answers 404 without it). The local card field posts
 * the card here, as the provider's hosted field posts to the provider; the
 * account API never sees the number. Declines answer the card error codes
 * (402), so the portal shows the same texts as for a real provider's decline.
 */
import type { Hono } from 'hono';
import { devConfirmCardSetup } from '../../src/shared/contract/payment-methods';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { DECLINE_CODES } from '../core/providers/payment';
import { confirmLocalSetup } from '../core/providers/payment-local';

export function localPaymentRoutes(app: Hono<AppEnv>): void {
  mount(app, devConfirmCardSetup, async (c, { body }) => {
    const result = await confirmLocalSetup(c.var.db, c.var.clock.now(), {
      setupRef: body.setupId,
      clientSecret: body.clientSecret,
      number: body.number,
      expMonth: body.expMonth,
      expYear: body.expYear,
      cvc: body.cvc,
    });
    if (result.ok) return { status: 'succeeded' as const };
    if (result.reason === 'unknown_setup') throw badInput('No such setup, or it is already confirmed');
    throw new ApiError(402, DECLINE_CODES[result.reason], 'The card was declined');
  });
}
