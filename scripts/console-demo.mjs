#!/usr/bin/env node
/**
 * npm run console:demo: plays a console being activated (RFC 8628 device flow; docs/console-activation.md)
 * against `npm start` (or --base URL): asks for a code, prints it with a QR code of verification_uri_complete,
 * polls at the interval the server asks (slowing down on slow_down) and prints the tokens once a signed-in player
 * approves the code on global/activate. Uses the dev client `dev-console` (DEV_TOOLS only) unless --client is given.
 * The relying-party side is oauth4webapi, the maintained client the API tests use.
 */
import { parseArgs } from 'node:util';
import * as oauth from 'oauth4webapi';
import { renderUnicodeCompact } from 'uqr';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: `http://localhost:${process.env.PORT || '8788'}` },
    client: { type: 'string', default: 'dev-console' },
    scope: { type: 'string', default: 'openid profile email' },
  },
});

const issuer = new URL(`${values.base.replace(/\/+$/, '')}/api/oidc`);
// A local server speaks http; oauth4webapi insists on https unless told otherwise.
const http = issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
const as = await oauth.processDiscoveryResponse(
  issuer,
  await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...http }),
);
const client = { client_id: values.client };
const auth = oauth.None();

const device = await oauth.processDeviceAuthorizationResponse(
  as,
  client,
  await oauth.deviceAuthorizationRequest(as, client, auth, { scope: values.scope }, http),
);
console.log(`\nOn your phone or PC, go to ${device.verification_uri}\nand enter the code  ${device.user_code}\n`);
console.log(renderUnicodeCompact(device.verification_uri_complete ?? device.verification_uri, { border: 2 }));
console.log(`\nor open ${device.verification_uri_complete}\nThe code expires in ${device.expires_in / 60} minutes.\n`);

let interval = device.interval ?? 5;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, interval * 1000));
  try {
    const tokens = await oauth.processDeviceCodeResponse(
      as,
      client,
      await oauth.deviceCodeGrantRequest(as, client, auth, device.device_code, http),
    );
    console.log('Console activated. ID token claims:');
    console.log(oauth.getValidatedIdTokenClaims(tokens));
    console.log('\nTokens:', JSON.stringify(tokens, null, 2));
    break;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === 'authorization_pending') {
      process.stdout.write('.');
      continue;
    }
    if (error instanceof oauth.ResponseBodyError && error.error === 'slow_down') {
      interval += 5;
      continue;
    }
    console.error(`\nActivation ended: ${error instanceof oauth.ResponseBodyError ? error.error : String(error)}`);
    process.exit(1);
  }
}
