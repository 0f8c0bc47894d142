/**
 * The self-service recovery flow of the browser (spec §3 self-service state,
 * §4 "Self-service recovery flow"): the session's state kept in
 * sessionStorage for the steps of one tab, where each answer leads, and the
 * self-service error handler (§8) carried out.
 */
import type { ApiError } from '../../client/http/api-error';
import type { RoutePath } from '../../client/navigation/href';
import * as routes from '../../routes/refs';
import { isResetVariant, type ResetVariant } from './reset-variants';

export type Operation = 'resetPassword' | 'findEmail' | 'changeId';
export type Method = 'EMAIL' | 'TOTP' | 'SMS';

export interface FlowState {
  serialNumber: string;
  operationType: Operation;
  searchBy: 'email' | 'id' | 'phone';
  /** The email, ID or number the player typed (spec §3 enteredEmail). */
  value: string;
  authTypes: Method[];
  primaryAuthType: Method | null;
  phoneNo: string | null;
  /** A reset started on a global screen: its password and success pages (./reset-variants.ts). */
  variant?: ResetVariant;
}

const KEY = 'lf:selfService';
const METHODS: readonly unknown[] = ['EMAIL', 'TOTP', 'SMS'];

function isFlowState(v: unknown): v is FlowState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s['serialNumber'] === 'string' &&
    ['resetPassword', 'findEmail', 'changeId'].some((o) => o === s['operationType']) &&
    ['email', 'id', 'phone'].some((b) => b === s['searchBy']) &&
    typeof s['value'] === 'string' &&
    Array.isArray(s['authTypes']) &&
    s['authTypes'].every((t) => METHODS.includes(t)) &&
    (s['primaryAuthType'] === null || METHODS.includes(s['primaryAuthType'])) &&
    (s['phoneNo'] === null || typeof s['phoneNo'] === 'string') &&
    (s['variant'] === undefined || isResetVariant(s['variant']))
  );
}

/** The tab's flow state; undefined when there is none or it was tampered with. */
export function readFlow(): FlowState | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return isFlowState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the flow for the tab's next screens; false when the browser refuses the tab's storage (cookies and site
 * data blocked, some sandboxed frames): the flow cannot go on then.
 */
export function writeFlow(state: FlowState): boolean {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

export function clearFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept where the storage is refused.
  }
}

/** Whether the tab can keep the flow: asked before the flow starts, so a refused storage spends no session. */
export function canKeepFlow(): boolean {
  try {
    const probe = `${KEY}:probe`;
    sessionStorage.setItem(probe, '1');
    sessionStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec §4: where the primary method leads. EMAIL → verify-email, except for
 * find email with one method or fewer (an address the player cannot name);
 * TOTP → verify-2fa; SMS → verify-sms; anything else → ownership verification.
 */
export function codeRoute(
  primary: Method | null,
  context: { operation?: Operation; authTypes?: readonly Method[] } = {},
): RoutePath {
  if (primary === 'TOTP') return routes.selfVerify2fa;
  if (primary === 'SMS') return routes.selfVerifySms;
  if (primary === 'EMAIL')
    return context.operation === 'findEmail' && (context.authTypes?.length ?? 0) <= 1
      ? routes.selfVerifyOwnership
      : routes.selfVerifyEmail;
  return routes.selfVerifyOwnership;
}

/** Carries out the §8 self-service handler; returns the code to show in the form, or undefined when leaving. */
export async function handleFlowError(error: ApiError): Promise<string | undefined> {
  if (error.navigating) return undefined;
  // Loaded with the first error: the handlers and dialogs are the on-demand `calls` code (page budget).
  const [{ selfServiceErrorAction }, { performErrorAction }] = await Promise.all([
    import('../../client/errors/self-service-handler'),
    import('../../client/dialogs/perform'),
  ]);
  const action = selfServiceErrorAction(error);
  if (action.kind === 'navigate') {
    if (action.target.route === routes.selfService) clearFlow();
    await performErrorAction(action);
    return undefined;
  }
  return error.code;
}
