/** Error codes every settings screen may show (spec §8); each screen adds its own. */
export const SETTINGS_COMMON_CODES = [
  '20001',
  '20008',
  '20013',
  '20188',
  'BACKUP_CODE_USED',
  '20068',
  '20157',
  '20187',
  '20018',
  '20038',
  'NETWORK_ERROR',
  'TIMEOUT',
  'SERVER_ERROR',
  '00000',
] as const;
