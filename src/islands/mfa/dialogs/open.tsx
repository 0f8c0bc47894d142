/**
 * Opens the two-factor dialogs in the page's dialog host and deals with what
 * they resolve with: backup codes, MFA success (offering backup codes), set
 * primary method. A failed call closes its dialog; the error is then handled
 * like any settings error, shown in the error dialog by its code.
 */
import { errorDialog, openDialog } from '../../../client/dialogs/queue';
import { mainErrorAction } from '../../../client/errors/main-handler';
import type { ApiError } from '../../../client/http/api-error';
import { redirectPolicy } from '../../../client/navigation/browser';
import type { T } from '../../../client/t';
import { htmlLang, type Locale } from '../../../i18n/locales';
import { handleSettingsError } from '../../settings/handle-error';
import type { SecondFactor } from '../../settings/two-factor';
import { BackupCodesDialog, type BackupCodesResult } from './BackupCodesDialog';
import { MfaSuccessDialog } from './MfaSuccessDialog';
import { SetPrimaryDialog, type SetPrimaryResult } from './SetPrimaryDialog';

export interface MfaDialogContext {
  readonly t: T;
  readonly locale: Locale;
}

/** After a dialog closed on a failed call: navigation and verification as usual, else the error dialog by code. */
export async function dialogFailure(error: ApiError): Promise<void> {
  const outcome = await handleSettingsError(error);
  if (outcome.kind === 'form') await errorDialog(outcome.code);
}

/** Spec §8: backup-code failures show the error dialog by code (sign-in and verification answers are handled as usual). */
async function backupCodesFailure(error: ApiError): Promise<void> {
  const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  if (main.kind === 'reject' && !error.navigating) await errorDialog(error.code);
  else await handleSettingsError(error);
}

export async function showBackupCodes(ctx: MfaDialogContext, email: string | undefined): Promise<void> {
  const result = await openDialog<BackupCodesResult>({
    kind: 'custom',
    cancelResult: { kind: 'closed' },
    render: (api) => <BackupCodesDialog t={ctx.t} api={api} email={email} lang={htmlLang(ctx.locale)} />,
  });
  if (result.kind === 'failed') await backupCodesFailure(result.error);
}

/** The success dialog after a method was turned on; "get backup codes" opens them. */
export async function showMfaSuccess(
  ctx: MfaDialogContext,
  method: SecondFactor,
  email: string | undefined,
): Promise<void> {
  const wantsCodes = await openDialog<boolean>({
    kind: 'custom',
    cancelResult: false,
    render: (api) => <MfaSuccessDialog t={ctx.t} api={api} methodKey={`mfa.method.${method}`} />,
  });
  if (wantsCodes) await showBackupCodes(ctx, email);
}

/** Resolves true when the primary method changed. */
export async function choosePrimary(
  ctx: MfaDialogContext,
  methods: readonly SecondFactor[],
  current: SecondFactor | undefined,
): Promise<boolean> {
  const result = await openDialog<SetPrimaryResult>({
    kind: 'custom',
    cancelResult: { kind: 'cancelled' },
    render: (api) => <SetPrimaryDialog t={ctx.t} api={api} methods={methods} current={current} />,
  });
  if (result.kind === 'failed') await dialogFailure(result.error);
  return result.kind === 'saved';
}
