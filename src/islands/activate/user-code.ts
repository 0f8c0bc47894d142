/**
 * The console activation code as the player types it (docs/console-activation.md): 8 letters and digits, shown
 * by the console as XXXX-XXXX. Spaces and dashes are dropped and letters upper-cased, so a pasted or lower-case
 * code works; the server normalises the same way and decides whether the code exists.
 */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function isCodeShape(code: string): boolean {
  return /^[A-Z0-9]{8}$/.test(code);
}
