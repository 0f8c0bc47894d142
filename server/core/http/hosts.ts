/** Host names that only ever mean this machine: never a public origin, and the only Hosts a dev server answers. */

/** localhost, *.localhost, 127.0.0.0/8, [::1] and 0.0.0.0 (a URL's `hostname`, brackets included for IPv6). */
export function isLocalHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '[::1]' ||
    h === '0.0.0.0'
  );
}

/** A Host header (or URL host) that names the loopback interface: localhost, 127.0.0.1 or [::1], any port. */
export function isLoopbackHost(host: string): boolean {
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host);
}
