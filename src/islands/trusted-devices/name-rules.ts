/** Spec §5 device name: the first message key of what is wrong (empty, too long, not valid), or undefined. */
import { deviceNameSchema } from '../../shared/validation/device-name';

export function deviceNameError(name: string): string | undefined {
  const check = deviceNameSchema.safeParse(name);
  return check.success ? undefined : check.error.issues[0]?.message;
}
