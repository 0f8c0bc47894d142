#!/usr/bin/env node
/**
 * Attempts every due account-event delivery now, on the local stack `npm start` runs (docs/events.md "Delivery"):
 *
 *   npm run events:deliver              # http://localhost:8788
 *   PORT=9000 npm run events:deliver    # another port
 *
 * It calls the DEV_TOOLS hook POST /api/dev/events/deliver: the same drain the server runs after responses.
 */
const port = process.env.PORT ?? '8788';
const origin = `http://localhost:${port}`;
const response = await fetch(`${origin}/api/dev/events/deliver`, {
  method: 'POST',
  headers: { Origin: origin, 'Content-Type': 'application/json', 'x-frontend-version': 'v1.129.1' },
  body: '{}',
}).catch((error) => {
  console.error(`No portal answers at ${origin} (start it with npm start): ${error.message}`);
  process.exit(1);
});
if (!response.ok) {
  console.error(`Delivery refused: ${response.status} ${await response.text()}`);
  process.exit(1);
}
const { attempted, delivered } = await response.json();
console.log(`Deliveries attempted: ${attempted}, delivered: ${delivered}`);
