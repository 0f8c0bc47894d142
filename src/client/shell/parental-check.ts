/** Parental-consent state for the parental guard (spec §2), loaded only on parental routes. */
import { checkVpcCompletion } from '../../shared/contract/parental';
import { call } from '../http/client';

export async function parentalConsentState(): Promise<boolean | undefined> {
  try {
    return (await call(checkVpcCompletion)).isCompleted;
  } catch {
    return undefined; // Unknown: the screen's own calls report the problem.
  }
}
