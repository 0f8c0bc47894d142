/** Opens the minor-linking dialog and acts on its result (loaded on demand by the platform login island). */
import { openDialog } from '../../client/dialogs/queue';
import { navigate } from '../../client/navigation/browser';
import type { T } from '../../client/t';
import { MinorLinkingDialog, type MinorLinkingResult } from './MinorLinkingDialog';
import * as routes from '../../routes/refs';

export async function showMinorLinking(t: T, platformName: string): Promise<MinorLinkingResult> {
  const result = await openDialog<MinorLinkingResult>({
    kind: 'custom',
    cancelResult: { kind: 'closed' },
    render: (api) => <MinorLinkingDialog t={t} api={api} platformName={platformName} />,
  });
  // Spec §2: parent-consent-required is reached from the minor-linking notice.
  if (result.kind === 'parent-consent') navigate(routes.createParentConsentRequired);
  return result;
}
