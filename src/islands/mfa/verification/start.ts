/**
 * Starts settings verification (spec §4) from a settings screen: see
 * ./settings-verification for the rules. Resolves `leaving` when the page is
 * navigating, or the code of a failed email-code request, which is also
 * stored as the account's form error.
 */
import { requestSmsCode } from '../../../client/api/mfa';
import { requestEmailCode } from '../../../client/api/settings';
import { settle } from '../../../client/http/settle';
import { currentLocale, navigate, unifiedCalls } from '../../../client/navigation/browser';
import { setFormErrorCode, type AccountState } from '../../../client/stores/account';
import { getDeviceId } from '../../../client/stores/device';
import { serverLocaleCode } from '../../../i18n/locales';
import type { NamedRoute } from '../../../client/navigation/routes';
import { purposeFor, verificationQuery, verificationStart } from './settings-verification';

export type StartOutcome = { readonly kind: 'leaving' } | { readonly kind: 'form-error'; readonly code: string };

const leaving: StartOutcome = { kind: 'leaving' };

/** Texts a settings-verification code to the account's phone (the server looks the number up by the email). */
export async function sendSettingsSms(account: Pick<AccountState, 'email'>) {
  const email = account.email ?? undefined;
  return settle(
    requestSmsCode(
      {
        ...(email === undefined ? {} : { email }),
        language: serverLocaleCode(currentLocale()),
        deviceId: getDeviceId(),
      },
      { unified: unifiedCalls() },
    ),
  );
}

/** Emails a settings-verification code for the purpose of the target (a route name). */
export async function sendSettingsEmailCode(target: string | undefined) {
  return settle(requestEmailCode(purposeFor(target), { language: serverLocaleCode(currentLocale()) }));
}

export async function startSettingsVerification(target: NamedRoute, account: AccountState): Promise<StartOutcome> {
  setFormErrorCode(undefined);
  const start = verificationStart(account);
  const query = verificationQuery(target.name);
  switch (start.kind) {
    case 'totp':
      navigate(start.next, { query });
      return leaving;
    case 'sms': {
      const [error] = await sendSettingsSms(account);
      navigate(error ? start.fallback : start.next, { query });
      return leaving;
    }
    case 'email': {
      const [error, result] = await sendSettingsEmailCode(target.name);
      if (error) {
        if (error.navigating) return leaving;
        setFormErrorCode(error.code);
        return { kind: 'form-error', code: error.code };
      }
      if (result.isBypassed === true) navigate(target.path, { query: { route_to: undefined } });
      else navigate(start.next, { query });
      return leaving;
    }
  }
}
