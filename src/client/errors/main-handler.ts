/**
 * Spec §8 "Main handler actions", driven by the catalogue's action for the
 * code. Pure: the context gives the page URL, the platform of platform
 * routes, and the redirect policy for 20248's external page.
 */
import { errorAction } from '../../shared/errors/catalogue';
import {
  NEED_SMS_VERIFICATION_MESSAGE,
  readChildPaused,
  readHealupItems,
  readMissingVerificationCode,
  VERIFICATION_KIND,
} from '../../shared/errors/payloads';
import { checkRedirect, type RedirectPolicy } from '../../shared/redirect';
import { CHILD_PAUSED, CHILD_STATE_QUERY_KEY } from '../navigation/query';
import type { ErrorDescriptor, HandledError } from './descriptor';
import * as routes from '../../routes/refs';

export interface MainHandlerContext {
  /** The page's full URL (location.href). */
  readonly currentUrl: string;
  /** The {platform} parameter when the page is a global/{platform}/… route. */
  readonly platform?: string | undefined;
  /** The region's redirect allow-list (spec §5), for 20248's external page. */
  readonly redirectPolicy: RedirectPolicy;
}

const reject = (error: HandledError): ErrorDescriptor => ({
  kind: 'reject',
  code: error.code,
  message: error.serverMessage,
});

/** The current URL as a same-origin path (what return_url carries back to this page). */
function currentPath(currentUrl: string): string {
  const url = new URL(currentUrl);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function mainErrorAction(error: HandledError, ctx: MainHandlerContext): ErrorDescriptor {
  const { code, serverMessage } = error;
  const platform = ctx.platform;
  switch (errorAction(code)) {
    case 'login-with-return-url':
      return {
        kind: 'navigate',
        target: { route: routes.login, query: { return_url: currentPath(ctx.currentUrl) } },
        notice: code,
      };
    case 'link-failed':
      // link-failed exists under global/{platform}/ only; outside a platform route the global error page stands in.
      return {
        kind: 'navigate',
        target: platform ? { route: routes.platformLinkFailed, params: { platform } } : { route: routes.globalError },
        ...(code === '20159' ? { notice: code } : {}),
      };
    case 'healup': {
      const mode = new URL(ctx.currentUrl).pathname.includes('/tpa') ? 'tpa' : 'nx';
      return {
        kind: 'navigate',
        target: { route: routes.healup, query: { items: readHealupItems(serverMessage).join(','), mode } },
        notice: code,
      };
    }
    case 'social-link-case-5':
      return {
        kind: 'navigate',
        target: platform
          ? { route: routes.platformSocialLink, params: { platform, case: '5' } }
          : { route: routes.loginSocialLink, params: { case: '5' } },
      };
    case 'verify-phone': {
      const message = serverMessage.trim();
      const phone = message !== '' && message !== NEED_SMS_VERIFICATION_MESSAGE ? message : undefined;
      return {
        kind: 'navigate',
        target: { route: routes.verifyPhone, query: { needHealup: 'true', phoneNumber: phone } },
        notice: code,
      };
    }
    case 'parent-consent-required':
      // A child its parent paused is told so, not that it failed too many sign-ins (spec §8's 20226 case).
      return readChildPaused(serverMessage)
        ? {
            kind: 'navigate',
            target: { route: routes.createParentConsentRequired, query: { [CHILD_STATE_QUERY_KEY]: CHILD_PAUSED } },
            notice: code,
          }
        : { kind: 'navigate', target: { route: routes.createParentConsentRequired }, notice: code };
    case 'verification-dialog': {
      const n = readMissingVerificationCode(serverMessage);
      if (n === VERIFICATION_KIND.trustedDevice)
        return { kind: 'dialog', dialog: 'trusted-device-verification', cancel: { route: routes.security } };
      if (n === VERIFICATION_KIND.parentalControl)
        return { kind: 'dialog', dialog: 'parental-verification', cancel: { route: routes.setting } };
      return reject(error);
    }
    case 'expired-link-page': {
      // The message carries the provider's expired-link page; it is followed only when the allow-list accepts it.
      const url = checkRedirect(serverMessage.trim(), ctx.redirectPolicy);
      return url !== undefined && /^https:\/\//i.test(url) ? { kind: 'external', url } : reject(error);
    }
    case 'login-with-error-code':
      return { kind: 'navigate', target: { route: routes.login, query: { errorCode: code } } };
    default:
      return reject(error);
  }
}
