/**
 * The string namespaces the sign-in island (./LoginIsland) renders and its on-demand dialogs show: the form,
 * captcha, input errors, the minor-terms and legacy-offer dialogs, and the launcher's connector sign-up it may
 * open (country, retry, platformSignup). One list for every screen that mounts it (login, login/parent,
 * login/n-mode); read at build time only, so no page loads it.
 */
import type { KeyPrefix } from '../../i18n/keys';

export const LOGIN_ISLAND_NS = [
  'login',
  'form.password',
  'form.captcha',
  'error.input',
  'minor.terms',
  'createLegacy.offer',
  'form.country',
  'form.retry',
  'platformSignup',
] as const satisfies readonly KeyPrefix[];
