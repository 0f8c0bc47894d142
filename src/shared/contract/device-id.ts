/**
 * Client-generated device id (spec §3: generated once and kept, or taken from
 * the launcher). Re-exported by ./common with the other shared fields; apart
 * so the app shell's login-status check (./login-status) loads only this one.
 */
import * as z from 'zod/mini';
import { checked } from './checked';

export const deviceId = checked(z.string(), z.minLength(1), z.maxLength(128));
