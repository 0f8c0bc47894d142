/** Passkey and security-alert calls (issue 18, not in the spec; docs/passkeys.md). */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as p from '../../shared/contract/passkeys';
import type * as s from '../../shared/contract/security-alerts';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/passkeys'));
const alerts = onDemand(() => import('../../shared/contract/security-alerts'));

export const startPasskeyRegistration = () => call('startPasskeyRegistration', { body: {} });
export const finishPasskeyRegistration = (body: BodyOf<typeof p.finishPasskeyRegistration>) =>
  call('finishPasskeyRegistration', { body });
export const listPasskeys = () => call('listPasskeys');
export const renamePasskey = (body: BodyOf<typeof p.renamePasskey>) => call('renamePasskey', { body });
export const removePasskey = (body: BodyOf<typeof p.removePasskey>) => call('removePasskey', { body });
export const startPasskeySignIn = () => call('startPasskeySignIn', { body: {} });
export const finishPasskeySignIn = (body: BodyOf<typeof p.finishPasskeySignIn>) =>
  call('finishPasskeySignIn', { body });
export const startPasskeySecondStep = () => call('startPasskeySecondStep', { body: {} });
export const finishPasskeySecondStep = (body: BodyOf<typeof p.finishPasskeySecondStep>) =>
  call('finishPasskeySecondStep', { body });
export const getSecurityAlerts = () => alerts('getSecurityAlerts');
export const setSecurityAlerts = (body: BodyOf<typeof s.setSecurityAlerts>) => alerts('setSecurityAlerts', { body });
export const secureAccount = (body: BodyOf<typeof s.secureAccount>) => alerts('secureAccount', { body });
