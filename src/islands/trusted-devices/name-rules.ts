/** Spec §5 device name: the first message key of what is wrong (empty, too long, not valid), or undefined. */
import type { MessageKey } from '../../i18n/keys';
import { deviceNameSchema } from '../../shared/validation/device-name';
import { issueKey } from '../../shared/validation/issue-key';

export function deviceNameError(name: string): MessageKey | undefined {
  const check = deviceNameSchema.safeParse(name);
  return check.success ? undefined : issueKey(check.error.issues, 'error.input.trusted-device-name');
}
