/**
 * Ends every session of an account and removes its trusted devices, as
 * statements for the caller's one batch (password change, password reset,
 * account deletion, "sign out everywhere").
 *
 * A trusted device lets a sign-in skip the second factor, so whoever took over
 * an account could keep a way back in through one: it goes with the sessions.
 * The session the player is using right now may be kept (`except`, the SHA-256
 * of its token, `Session.tokenHash`) so a change made in settings does not sign
 * the player out of the page they are on.
 *
 * Known devices (server/core/security/signin-policy.ts) stay: they only let a
 * browser through the sign-in lock-out, never past the password.
 */
import type { Db, Query } from '../core/db/engine';
import { deleteAccountSessionsStatement } from '../core/data/sessions';
import { deleteTrustedDevicesStatement } from '../core/data/trusted-devices';
import { deleteAccountSsoCodesStatement } from '../launcher/browser-hand-off';
import { revokeAccountLauncherTokensStatement } from '../launcher/tokens';

export interface EndSessionsOptions {
  /** The token hash of the one session to keep (the caller's own). */
  readonly except?: string;
}

export function endSessionsStatements(db: Db, accountId: number, options: EndSessionsOptions = {}): Query[] {
  return [
    deleteAccountSessionsStatement(db, accountId, options.except ?? null),
    deleteTrustedDevicesStatement(db, accountId),
    // The launcher's autologin tokens are a way back in like a session (docs/launcher.md).
    revokeAccountLauncherTokensStatement(db, accountId),
    // So are the launcher's login/sso codes not redeemed yet.
    deleteAccountSsoCodesStatement(db, accountId),
  ];
}
