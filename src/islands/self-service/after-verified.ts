/**
 * Where a fully verified self-service session continues (spec §4), after
 * the legacy check: loaded by the code screens with their first right code,
 * so the other screens' start-up code does not carry it (page budget).
 */
import { navigate } from '../../client/navigation/browser';
import { clearFlow, handleFlowError, type FlowState } from './flow';
import { passwordRoute } from './reset-variants';
import * as routes from '../../routes/refs';

/** Where a fully verified session continues, by operation (spec §4), after the legacy check. */
export async function afterVerified(state: FlowState): Promise<string | undefined> {
  const { settle } = await import('../../client/http/settle');
  const { checkSelfServiceMigration, getSelfServiceEmail } = await import('../../client/api/self-service');
  const [error, legacy] = await settle(checkSelfServiceMigration(state.serialNumber));
  if (error) return handleFlowError(error);
  if (state.operationType === 'resetPassword') {
    if (legacy.isLegacy) navigate(routes.selfConfirmEmail, { query: { currentEmail: legacy.email ?? '' } });
    else navigate(passwordRoute(state.variant), { query: { showPasswordFields: 'true' } });
    return undefined;
  }
  if (state.operationType === 'findEmail') {
    if (legacy.isLegacy) {
      navigate(routes.selfFindEmailCompleted, {
        query: { foundAccount: legacy.email ?? legacy.userId ?? '', isLegacy: 'true' },
      });
      return undefined;
    }
    const [failure, found] = await settle(getSelfServiceEmail(state.serialNumber));
    if (failure) return handleFlowError(failure);
    clearFlow();
    navigate(routes.selfFindEmailCompleted, {
      query: {
        foundAccount: found.id ?? undefined,
        anotherRegion:
          found.region !== null && found.region !== document.body.dataset['region'] ? found.region : undefined,
      },
    });
    return undefined;
  }
  // changeId: a legacy account's ID is its email already (completed); otherwise the new email's field.
  if (legacy.isLegacy) {
    clearFlow();
    navigate(routes.selfChangeEmailCompleted, {
      query: { accountId: legacy.email ?? legacy.userId ?? '', isLegacy: 'true' },
    });
  } else navigate(routes.selfChangeEmail, { query: { showNewEmailField: 'true' } });
  return undefined;
}
