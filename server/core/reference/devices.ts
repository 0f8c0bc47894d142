/**
 * What a User-Agent says about a device: the browser, the operating system
 * and a device type (spec §3 trusted device type; UNDEFINED when unknown).
 * Only for a suggested device name and the type shown in the list — never for
 * a security decision (a User-Agent is whatever the client says). Checked in
 * order: Edge, Opera and Samsung Internet before Chrome, Chrome before Safari,
 * because each of them also names the engines it derives from.
 */
import type { TRUSTED_DEVICE_TYPES } from '../../../src/shared/contract/trusted-devices';

export type DeviceType = (typeof TRUSTED_DEVICE_TYPES)[number];

export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  type: DeviceType;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\b(?:Edg|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(?:OPR|OPX|Opera)\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string, DeviceType][] = [
  [/\bPlayStation\b/, 'PlayStation', 'CONSOLE'],
  [/\bXbox\b/, 'Xbox', 'CONSOLE'],
  [/\bNintendo\b/, 'Nintendo Switch', 'CONSOLE'],
  [/\bWindows\b/, 'Windows', 'PC'],
  [/\biPhone\b|\biPod\b/, 'iOS', 'MOBILE'],
  [/\biPad\b/, 'iPadOS', 'TABLET'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'MOBILE'],
  [/\bAndroid\b/, 'Android', 'TABLET'],
  [/\bCrOS\b/, 'ChromeOS', 'PC'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'PC'],
  [/\bLinux\b/, 'Linux', 'PC'],
];

export function describeUserAgent(userAgent: string | undefined): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua));
  return { browser, os: system?.[1] ?? null, type: system?.[2] ?? 'UNDEFINED' };
}
