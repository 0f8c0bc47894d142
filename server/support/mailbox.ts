/**
 * The support mailbox of each region build: where a new ownership case is
 * sent (spec §9 subject "Support - Email Required Account"). Server-only, so
 * no page carries the addresses; a deployment may send elsewhere with the
 * SUPPORT_MAILBOX variable (docs/support-cases.md).
 */
import type { RegionId } from '../../src/regions/ids';

export const SUPPORT_MAILBOXES: Record<RegionId, string> = {
  global: 'account-support@lumenforge.com',
  th: 'account-support-th@lumenforge.com',
  tw: 'account-support-tw@lumenforge.com',
  sea: 'account-support-sea@lumenforge.com',
  japan: 'account-support-jp@lumenforge.com',
  one: 'account-support@lumenforge.com',
};

/** Spec §9: the subject of the email the support mailbox receives. */
export const SUPPORT_MAILBOX_SUBJECT = 'Support - Email Required Account';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The mailbox for a region, or SUPPORT_MAILBOX when it is set to an address. */
export function supportMailbox(region: RegionId, override: string | undefined): string {
  const value = override?.trim();
  return value !== undefined && EMAIL.test(value) ? value : SUPPORT_MAILBOXES[region];
}
