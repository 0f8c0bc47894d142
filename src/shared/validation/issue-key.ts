/**
 * The message key of a failed check. The schemas of src/shared/validation
 * name keys of en.json as their issue messages ('error.input.email-invalid'),
 * which zod types as plain strings; tests/unit/i18n.test.ts checks that every
 * key those schemas name exists, so the cast here is that test's guarantee.
 */
import type { MessageKey } from '../../i18n/keys';

export function issueKey(issues: readonly { readonly message: string }[], fallback: MessageKey): MessageKey {
  return (issues[0]?.message as MessageKey | undefined) ?? fallback;
}
