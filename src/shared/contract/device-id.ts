/**
 * The identifier alphabet and the client's device id (spec §3: generated
 * once and kept, or taken from the launcher). Part of the contract's field
 * rules (./ids, docs/api.md "Strict bodies and ids"), kept in a file of its
 * own because the app shell's login-status check (./login-status) loads it
 * on every page: a module the shell imports ships whole in the shell chunk
 * (docs/performance.md), so the shell loads only these two.
 */
import * as z from 'zod/mini';
import { checked } from './checked';

/**
 * Identifiers: ASCII letters, digits and `_ . : -`, nothing else. Covers the
 * portal's device ids (UUIDs), the launcher's (`[A-Za-z0-9-]{8,64}`), client
 * ids, partner keys, hashed user numbers (base64url) and serial numbers.
 */
export const ID_PATTERN = /^[\w.:-]+$/;

/* @__NO_SIDE_EFFECTS__ */
export function identifier(max: number) {
  return checked(z.string(), z.maxLength(max), z.regex(ID_PATTERN));
}

/** 1 to 128 identifier characters. */
export const deviceId = identifier(128);
