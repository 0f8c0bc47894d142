#!/usr/bin/env node
/**
 * Attempts every due account-event delivery now, on the local stack `npm start` runs (docs/events.md "Delivery"):
 *
 *   npm run events:deliver              # http://localhost:8788
 *   PORT=9000 npm run events:deliver    # another port
 *
 * It calls the DEV_TOOLS hook POST /api/dev/events/deliver: the same drain the server runs after responses.
 */
import { postDevHook } from './lib.mjs';

const { attempted, delivered } = await postDevHook('/api/dev/events/deliver', 'Delivery');
console.log(`Deliveries attempted: ${attempted}, delivered: ${delivered}`);
