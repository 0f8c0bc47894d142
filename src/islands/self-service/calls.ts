/**
 * The calls of the code and change-ID screens with their error handling,
 * loaded with the first send or submit, not with the page (page budget).
 * Each answers the code to show in the form, or undefined when all went well
 * or the page is leaving.
 */
import {
  changeSelfServiceId,
  requestIdChangeCode,
  requestSelfServiceCode,
  verifySelfServiceCode,
  type SelfServiceMethod,
} from '../../client/api/self-service';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { clearFlow, codeRoute, handleFlowError, writeFlow, type FlowState } from './flow';
import * as routes from '../../routes/refs';

/** Sends (or resends) the session's email or SMS code. */
export async function sendFlowCode(method: 'EMAIL' | 'SMS', serialNumber: string, language: string) {
  const [failure] = await settle(requestSelfServiceCode(method, { serialNumber, language }));
  return failure ? { code: await handleFlowError(failure) } : { sent: true as const };
}

/** Change ID: mails the code to the new address. */
export async function sendNewIdCode(serialNumber: string, newId: string, language: string) {
  const [failure] = await settle(requestIdChangeCode({ newId, serialNumber, language }));
  return failure ? { code: await handleFlowError(failure) } : { sent: true as const };
}

/**
 * Checks a code: a complete session continues by operation (after-verified.ts); otherwise the screen of the
 * second factor the account still owes. Returns the code to show when the page stays.
 */
export async function verifyFlowCode(flow: FlowState, method: SelfServiceMethod, code: string) {
  const [failure, answer] = await settle(
    verifySelfServiceCode(method, { code, serialNumber: flow.serialNumber, deviceId: getDeviceId() }),
  );
  if (failure) return handleFlowError(failure);
  if (answer.complete) {
    const { afterVerified } = await import('./after-verified');
    return afterVerified(flow);
  }
  writeFlow({ ...flow, authTypes: answer.authTypes, primaryAuthType: answer.primaryAuthType, phoneNo: answer.phoneNo });
  navigate(codeRoute(answer.primaryAuthType));
  return undefined;
}

/** Change ID: the new address's code; the ID changes and the completed page follows. */
export async function confirmNewId(serialNumber: string, code: string, language: string) {
  const [failure, result] = await settle(changeSelfServiceId({ serialNumber, code, language }));
  if (failure) return handleFlowError(failure);
  clearFlow();
  navigate(routes.selfChangeEmailCompleted, { query: { accountId: result.email, showNewEmailField: undefined } });
  return undefined;
}
