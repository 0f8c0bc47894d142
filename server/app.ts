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
import { readDevOffset, systemClock } from './clock';
import { settingsOf } from './env';
import type { AppEnv } from './http/app-env';
import { ERROR_CODE_HEADER } from '../src/shared/errors/codes';
import { ApiError, apiErrorResponse, BAD_INPUT, errorResponse, NOT_FOUND } from './http/errors';
import { deploymentGuard } from './http/deployment';
import { dbMiddleware } from './core/db/middleware';
import { corsPolicy, csrfGuard } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { configurationRoutes, maintenanceGate } from './routes/configuration';
import { countryRoutes } from './routes/countries';
import { DEV_PREFIX, devRoutes, devToolsGate } from './routes/dev';
import { openApiRoutes } from './routes/openapi';
import { sessionRoutes } from './routes/session';
import { mfaRoutes } from './routes/mfa';
import { smsRoutes } from './routes/sms';
import { backupCodeRoutes } from './routes/backup-codes';
import { trustedDeviceRoutes } from './routes/trusted-devices';
import { settingsVerificationRoutes } from './routes/settings-verification';
import { loginRoutes } from './routes/login';
import { legacyRoutes } from './routes/legacy';
import { legacyTpaRoutes } from './routes/legacy-tpa';
import { signupRoutes } from './routes/signup';
import { emailVerificationRoutes } from './routes/email-verification';
import { healupRoutes } from './routes/healup';
import { termsRoutes } from './routes/terms';
import { accountRoutes } from './routes/account';
import { devSigninRoutes } from './routes/dev-signin';
import { devLegacyRoutes } from './routes/dev-legacy';
import { devParentalRoutes } from './routes/dev-parental';
import { phoneRoutes } from './routes/phone';
import { communicationRoutes } from './routes/communication';
import { supportCaseRoutes } from './routes/support-cases';
import { accountSecurityRoutes } from './routes/account-security';
import { accountLifecycleRoutes } from './routes/account-lifecycle';
import { passkeyRoutes } from './routes/passkeys';
import { securityAlertRoutes } from './routes/security-alerts';
import { profileRoutes } from './routes/profile';
import { paymentMethodRoutes } from './routes/payment-methods';
import { localPaymentRoutes } from './routes/payment-local';
import { selfServiceRoutes } from './routes/self-service';
import { parentalRoutes } from './routes/parental';
import { parentalChildRoutes } from './routes/parental-child';
import { devSupportDeskRoutes } from './routes/dev-support-desk';
import { supportDeskRoutes } from './routes/support-desk';
import { oidcRoutes } from './routes/oidc';
import { oidcPortalRoutes } from './routes/oidc-portal';
import { devOidcRoutes } from './routes/dev-oidc';
import { launcherRoutes } from './routes/launcher';
import { launcherAppRoutes } from './routes/launcher-app';
import { devLauncherRoutes } from './routes/dev-launcher';
import { platformRoutes } from './routes/platform';
import { globalVerifyRoutes } from './routes/global-verify';
import { devPlatformRoutes } from './routes/dev-platform';
import { tpaRoutes } from './routes/tpa';
import { platformSocialRoutes } from './routes/platform-social';
import { platformSignupRoutes } from './routes/platform-signup';
import { socialAccountRoutes } from './routes/social-accounts';
import { tpaSignupRoutes } from './routes/tpa-signup';

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
  app.use('*', csrfGuard);
  app.use('*', maintenanceGate);

  devRoutes(app);
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
  devOidcRoutes(app);
  platformRoutes(app);
  platformSocialRoutes(app);
  platformSignupRoutes(app);
  globalVerifyRoutes(app);
  devPlatformRoutes(app);

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
