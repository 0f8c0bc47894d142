/**
 * Spec §8 "Self-service handler": 20208 and 20209 restart self-service,
 * 20063 goes to the change-email cooldown page, 20157 on session creation
 * goes to too-many-attempts and still rejects; everything else rejects.
 */
import { errorAction } from '../../shared/errors/catalogue';
import type { ErrorDescriptor, HandledError } from './descriptor';
import * as routes from '../../routes/refs';

/** Id of the self-service session endpoint (tests check it against the contract, which the bundle need not load). */
export const SELF_SERVICE_SESSION_CALL = 'createSelfServiceSession';

export function selfServiceErrorAction(error: HandledError): ErrorDescriptor {
  switch (errorAction(error.code)) {
    case 'restart-self-service':
      return { kind: 'navigate', target: { route: routes.selfService } };
    case 'change-email-cooldown':
      return { kind: 'navigate', target: { route: routes.selfChangeEmailFailed } };
    case 'too-many-attempts-on-session':
      if (error.endpointId === SELF_SERVICE_SESSION_CALL)
        return { kind: 'navigate', target: { route: routes.selfManyAttempts }, rethrow: true };
      break;
    default:
      break;
  }
  return { kind: 'reject', code: error.code, message: error.serverMessage };
}
