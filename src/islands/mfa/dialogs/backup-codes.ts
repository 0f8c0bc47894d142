/**
 * Backup codes as the player sees them (spec §3, §9): 8 digits shown as 4+4,
 * used codes marked, and the text file the dialog downloads. The server keeps
 * only hashes, so the digits come only with a freshly created set; later
 * lists carry each code's position and used flag, without the digits.
 */
export interface BackupCodeView {
  readonly position: number;
  readonly backupCode: string | null;
  readonly used: boolean;
}

/** "12345678" → "1234 5678"; anything else unchanged. */
export function formatBackupCode(code: string): string {
  return /^\d{8}$/.test(code) ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

/** Whether the set came with its digits (a new set): only then can it be shown or downloaded. */
export function hasDigits(codes: readonly BackupCodeView[]): boolean {
  return codes.length > 0 && codes.every((c) => c.backupCode !== null);
}

export interface BackupCodesFileText {
  /** Translated lines: title, intro (single use), the "used" marker. */
  readonly title: string;
  readonly intro: string;
  readonly usedMarker: string;
  /** The account the codes belong to, when known. */
  readonly account?: string | undefined;
  /** When the file was made, already formatted. */
  readonly created: string;
}

/**
 * The downloadable text file: a header, then one numbered code per line
 * (numbered by position, as the dialog lists them), used codes marked. CRLF so
 * every editor shows the lines.
 */
export function backupCodesFile(codes: readonly BackupCodeView[], text: BackupCodesFileText): string {
  const lines = [
    text.title,
    ...(text.account === undefined ? [] : [text.account]),
    text.created,
    '',
    text.intro,
    '',
    ...codes.flatMap((c) => {
      if (c.backupCode === null) return [];
      const line = `${String(c.position).padStart(2, ' ')}. ${formatBackupCode(c.backupCode)}`;
      return [c.used ? `${line}  (${text.usedMarker})` : line];
    }),
    '',
  ];
  return lines.join('\r\n');
}

export const BACKUP_CODES_FILE_NAME = 'lumenforge-backup-codes.txt';
