/** Options every API function with a [unified/] variant accepts. */
export interface UnifiedOption {
  /** Use the unified variant (route name contains unified, or the unified query flag). The one region always does. */
  readonly unified?: boolean | undefined;
}

/** Spec §7 localTime and timeOffset: the visitor's wall-clock time and its offset from UTC in minutes. */
export function localClock(now: Date = new Date()): { localTime: string; timeOffset: number } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const localTime =
    `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return { localTime, timeOffset: -now.getTimezoneOffset() };
}
