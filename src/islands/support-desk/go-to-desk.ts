/**
 * Leaves for the support desk's single-sign-on URL (the contract already held it to https, or http on a loopback
 * host for the dev desk). In app mode the launcher opens it in the system browser, as the help URL opens
 * (src/client/dialogs/support.ts): a desk does not run inside the launcher's frame. The launcher bridge loads
 * only in app mode (its chunk would cost the page its budget otherwise).
 */
import { goTo, isAppMode } from '../../client/navigation/page';

/** 'external' when the launcher opened it (the page stays); 'leaving' when this page goes there. */
export async function goToDesk(returnUrl: string): Promise<'external' | 'leaving'> {
  if (isAppMode()) {
    const { hostOpenExternalLink } = await import('../../client/host/launcher-bridge');
    if (hostOpenExternalLink(returnUrl)) return 'external';
  }
  goTo(returnUrl);
  return 'leaving';
}
