/**
 * Every endpoint of the public contract, for the OpenAPI generator and the
 * reference API. Each area file exports its endpoints; append an area's list
 * here when you add one (one line per area).
 */
import type { Endpoint } from './endpoint';
import { getConfiguration } from './config';
import { COUNTRY_ENDPOINTS } from './countries';
import { SESSION_ENDPOINTS } from './session';
import { LAUNCHER_LOGIN_ENDPOINTS } from './launcher-login';
import { LAUNCHER_APP_ENDPOINTS } from './launcher-app';
import { SIGNUP_ENDPOINTS } from './signup';
import { SIGNUP_EMAIL_ENDPOINTS } from './signup-email';
import { PLATFORM_ENDPOINTS } from './platform';
import { SETTINGS_ENDPOINTS } from './settings';
import { MFA_ENDPOINTS } from './mfa';
import { TRUSTED_DEVICE_ENDPOINTS } from './trusted-devices';
import { PARENTAL_ENDPOINTS } from './parental';
import { TERMS_ENDPOINTS } from './terms';
import { SELF_SERVICE_ENDPOINTS } from './self-service';
import { SUPPORT_CASE_ENDPOINTS } from './support-cases';
import { ACCOUNT_SECURITY_ENDPOINTS } from './account-security';
import { ACCOUNT_LIFECYCLE_ENDPOINTS } from './account-lifecycle';
import { PASSKEY_ENDPOINTS } from './passkeys';
import { SECURITY_ALERT_ENDPOINTS } from './security-alerts';
import { PROFILE_ENDPOINTS } from './profile';
import { PAYMENT_METHOD_ENDPOINTS } from './payment-methods';
import { PHONE_ENDPOINTS } from './phone';
import { COMMUNICATION_ENDPOINTS } from './communication';
import { OIDC_ENDPOINTS } from './oidc';
import { SOCIAL_ENDPOINTS } from './social';
import { MIGRATION_ENDPOINTS } from './migration';

export const ALL_ENDPOINTS: readonly Endpoint[] = [
  getConfiguration,
  ...COUNTRY_ENDPOINTS,
  ...SESSION_ENDPOINTS,
  ...LAUNCHER_LOGIN_ENDPOINTS,
  ...LAUNCHER_APP_ENDPOINTS,
  ...SIGNUP_ENDPOINTS,
  ...SIGNUP_EMAIL_ENDPOINTS,
  ...PLATFORM_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...MFA_ENDPOINTS,
  ...TRUSTED_DEVICE_ENDPOINTS,
  ...PARENTAL_ENDPOINTS,
  ...TERMS_ENDPOINTS,
  ...SELF_SERVICE_ENDPOINTS,
  ...SUPPORT_CASE_ENDPOINTS,
  ...ACCOUNT_SECURITY_ENDPOINTS,
  ...ACCOUNT_LIFECYCLE_ENDPOINTS,
  ...PASSKEY_ENDPOINTS,
  ...SECURITY_ALERT_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...PAYMENT_METHOD_ENDPOINTS,
  ...PHONE_ENDPOINTS,
  ...COMMUNICATION_ENDPOINTS,
  ...OIDC_ENDPOINTS,
  ...SOCIAL_ENDPOINTS,
  ...MIGRATION_ENDPOINTS,
];

export * from './config';
export * from './countries';
export * from './session';
export * from './launcher-login';
export * from './launcher-app';
export * from './signup';
export * from './signup-email';
export * from './platform';
export * from './settings';
export * from './mfa';
export * from './trusted-devices';
export * from './parental';
export * from './terms';
export * from './self-service';
export * from './support-cases';
export * from './account-security';
export * from './account-lifecycle';
export * from './passkeys';
export * from './security-alerts';
export * from './profile';
export * from './payment-methods';
export * from './phone';
export * from './communication';
export * from './oidc';
export * from './social';
export * from './migration';
