/**
 * The reference account API as one Hono app (spec §7 bases under /api).
 * Middleware order matters: security headers wrap everything (errors
 * included); CORS answers preflights before the CSRF guard; the body limit
 * runs before anything reads a body; the clock is set before any route or
 * session code asks for the time.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { systemClock } from './core/clock';
import { readDevOffset } from './core/data/dev-clock';
import { settingsOf } from './core/env';
import type { AppEnv } from './core/http/app-env';
import { ERROR_CODE_HEADER } from '../src/shared/errors/codes';
import { ApiError, apiErrorResponse, BAD_INPUT, errorResponse, NOT_FOUND } from './core/http/errors';
import { deploymentGuard } from './core/http/deployment';
import { dbMiddleware } from './core/db/middleware';
import { corsPolicy, csrfGuard } from './core/http/origin';
import { securityHeaders } from './core/http/security-headers';
import { configurationRoutes, maintenanceGate } from './configuration/routes';
import { countryRoutes } from './configuration/country-routes';
import { DEV_PREFIX, devRoutes, devToolsGate } from './dev/routes';
import { openApiRoutes } from './configuration/openapi-routes';
import { sessionRoutes } from './sessions/routes';
import { mfaRoutes } from './mfa/routes';
import { smsRoutes } from './mfa/sms-routes';
import { backupCodeRoutes } from './mfa/backup-code-routes';
import { trustedDeviceRoutes } from './sessions/trusted-device-routes';
import { settingsVerificationRoutes } from './settings/verification-routes';
import { loginRoutes } from './signin/routes';
import { legacyRoutes } from './legacy/routes';
import { legacyTpaRoutes } from './legacy/tpa-routes';
import { signupRoutes } from './signup/routes';
import { emailVerificationRoutes } from './signup/email-verification-routes';
import { healupRoutes } from './signin/healup-routes';
import { termsRoutes } from './signin/terms-routes';
import { accountRoutes } from './settings/account-routes';
import { devSigninRoutes } from './dev/signin-routes';
import { devLegacyRoutes } from './dev/legacy-routes';
import { devParentalRoutes } from './dev/parental-routes';
import { phoneRoutes } from './settings/phone-routes';
import { communicationRoutes } from './settings/communication-routes';
import { supportCaseRoutes } from './support/case-routes';
import { accountSecurityRoutes } from './settings/security-routes';
import { accountLifecycleRoutes } from './settings/lifecycle-routes';
import { passkeyRoutes } from './passkeys/routes';
import { securityAlertRoutes } from './settings/security-alert-routes';
import { profileRoutes } from './settings/profile-routes';
import { paymentMethodRoutes } from './payments/routes';
import { localPaymentRoutes } from './payments/local-routes';
import { selfServiceRoutes } from './self-service/routes';
import { parentalRoutes } from './parental/routes';
import { parentalChildRoutes } from './parental/child-routes';
import { devSupportDeskRoutes } from './dev/support-desk-routes';
import { supportDeskRoutes } from './support/desk-routes';
import { oidcRoutes } from './oidc/routes';
import { oidcPortalRoutes } from './oidc/portal-routes';
import { connectedAppRoutes } from './oidc/apps-routes';
import { devOidcRoutes } from './dev/oidc-routes';
import { launcherRoutes } from './launcher/routes';
import { launcherAppRoutes } from './launcher/app-routes';
import { devLauncherRoutes } from './dev/launcher-routes';
import { devOpsAlertRoutes } from './dev/ops-alert-routes';
import { platformRoutes } from './platform/routes';
import { globalVerifyRoutes } from './signin/global-verify-routes';
import { devPlatformRoutes } from './dev/platform-routes';
import { tpaRoutes } from './social/routes';
import { platformSocialRoutes } from './platform/social-routes';
import { platformSignupRoutes } from './platform/signup-routes';
import { socialAccountRoutes } from './social/account-routes';
import { tpaSignupRoutes } from './social/signup-routes';
import { staffRoutes } from './staff/routes';
import { eventDispatch, eventRoutes } from './events/routes';

/** No call of the contract needs more than a few kilobytes; 64 KiB leaves room and stops abuse. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders);
  // Refuses a configuration its mode does not allow, and a dev server reached under a non-loopback Host.
  app.use('*', deploymentGuard);
  // The request's Db (c.var.db), once the guard has checked the engine's configuration.
  app.use('*', dbMiddleware);
  // Without DEV_TOOLS the dev paths answer 404 to any request, before CORS and CSRF can answer otherwise.
  app.use(DEV_PREFIX, devToolsGate);
  app.use(`${DEV_PREFIX}/*`, devToolsGate);
  app.use('*', corsPolicy);
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        // Hono copies the 404's headers onto the response set in its place: drop its not-found code first.
        c.res.headers.delete(ERROR_CODE_HEADER);
        return errorResponse(405, BAD_INPUT, 'Method not allowed', { Allow: methods.join(', ') });
      },
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => errorResponse(413, BAD_INPUT, `Request body over ${MAX_BODY_BYTES} bytes`),
    }),
  );
  app.use('*', async (c, next) => {
    const offset = settingsOf(c.env).devTools ? await readDevOffset(c.env.DB) : 0;
    c.set('clock', systemClock(offset));
    return next();
  });
  // Account events recorded by the request go out after its response (waitUntil), never before it.
  app.use('*', eventDispatch);
  app.use('*', csrfGuard);
  app.use('*', maintenanceGate);

  devRoutes(app);
  devOpsAlertRoutes(app);
  openApiRoutes(app);
  configurationRoutes(app);
  countryRoutes(app);
  sessionRoutes(app);
  mfaRoutes(app);
  smsRoutes(app);
  backupCodeRoutes(app);
  trustedDeviceRoutes(app);
  settingsVerificationRoutes(app);
  loginRoutes(app);
  launcherRoutes(app);
  launcherAppRoutes(app);
  devLauncherRoutes(app);
  legacyRoutes(app);
  legacyTpaRoutes(app);
  signupRoutes(app);
  emailVerificationRoutes(app);
  healupRoutes(app);
  termsRoutes(app);
  accountRoutes(app);
  devSigninRoutes(app);
  devLegacyRoutes(app);
  devParentalRoutes(app);
  phoneRoutes(app);
  communicationRoutes(app);
  supportCaseRoutes(app);
  accountSecurityRoutes(app);
  accountLifecycleRoutes(app);
  passkeyRoutes(app);
  securityAlertRoutes(app);
  profileRoutes(app);
  paymentMethodRoutes(app);
  localPaymentRoutes(app);
  selfServiceRoutes(app);
  parentalRoutes(app);
  parentalChildRoutes(app);
  supportDeskRoutes(app);
  tpaRoutes(app);
  socialAccountRoutes(app);
  tpaSignupRoutes(app);
  devSupportDeskRoutes(app);
  oidcRoutes(app);
  oidcPortalRoutes(app);
  connectedAppRoutes(app);
  devOidcRoutes(app);
  platformRoutes(app);
  platformSocialRoutes(app);
  platformSignupRoutes(app);
  globalVerifyRoutes(app);
  devPlatformRoutes(app);
  staffRoutes(app);
  eventRoutes(app);

  app.notFound(() => errorResponse(404, NOT_FOUND, 'No API route at this path'));
  app.onError((error) => {
    if (error instanceof ApiError) return apiErrorResponse(error);
    if (error instanceof HTTPException && error.status < 500)
      return errorResponse(error.status, BAD_INPUT, 'Bad request');
    // Logged for operators (stack included); the client gets only the code, never the stack.
    console.error('Unhandled API error', error);
    return errorResponse(500, 'SERVER_ERROR', 'Unexpected server error');
  });
  return app;
}
