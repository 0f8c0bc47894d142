/** Codes the healup screen may show (saving the details, then completing the sign-in). */
export const HEALUP_ERROR_CODES = [
  '20001',
  '20018',
  '20100',
  '20157',
  '20187',
  '20202',
  '20254',
  'DOB_INVALID_FOR_CHILD',
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  '00000',
] as const;
