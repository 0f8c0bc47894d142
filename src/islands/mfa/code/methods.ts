/** Display order of verification methods (spec §2 auth-types: the account's methods, primary first). */
import type { CodeMethod } from './code-input';

/** Methods in display order: the primary one first, then TOTP, SMS, EMAIL; backup codes last. */
export function orderMethods(methods: readonly CodeMethod[], primary: CodeMethod | null | undefined): CodeMethod[] {
  const order: CodeMethod[] = ['TOTP', 'SMS', 'EMAIL', 'BACKUP_CODE'];
  const present = order.filter((m) => methods.includes(m));
  return primary !== null && primary !== undefined && present.includes(primary)
    ? [primary, ...present.filter((m) => m !== primary)]
    : present;
}
