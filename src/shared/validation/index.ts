/**
 * Spec §5 validation rules, shared by the portal's forms and the reference
 * API (zod/mini only: these ship to the browser). The phone rules live in
 * ./phone, imported directly, so only phone forms load phone metadata.
 */
export * from './code';
export * from './date-of-birth';
export * from './device-name';
export * from './email';
export * from './password';
