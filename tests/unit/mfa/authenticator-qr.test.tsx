import { renderToStaticMarkup } from 'react-dom/server';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { QrCode } from '../../../src/islands/mfa/authenticator/QrCode';
import { QUIET_ZONE, qrMatrix } from '../../../src/islands/mfa/authenticator/qr-matrix';
import { darkModulesPath } from '../../../src/islands/mfa/authenticator/qr-path';
import { newTotpSecret, otpauthUri } from '../../../server/core/security/totp';
import { decodeQr } from './qr-decode';

const LABEL = 'QR code for your authenticator app';
const uri = otpauthUri(newTotpSecret(), 'player.with.a.long.name+games@example.test');

/** Byte-mode capacity at ECC level M, versions 1–9 (ISO/IEC 18004 Table 7). */
const BYTE_CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180];

/** The cells the path covers: each subpath is `M{x} {y}h{n}v1h-{n}z`, a 1-high run of n modules. */
function coveredCells(d: string): Set<string> {
  const cells = new Set<string>();
  const run = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/gy;
  let consumed = 0;
  for (const m of d.matchAll(run)) {
    const [, x, y, n, back] = m.map(Number) as [number, number, number, number, number];
    expect(back).toBe(n);
    for (let i = 0; i < n; i++) {
      const key = `${String(x + i)},${String(y)}`;
      expect(cells.has(key), key).toBe(false);
      cells.add(key);
    }
    consumed += m[0].length;
  }
  expect(consumed, 'the path holds only module runs').toBe(d.length);
  return cells;
}

function darkCells(modules: readonly (readonly boolean[])[]): Set<string> {
  const cells = new Set<string>();
  modules.forEach((row, y) => row.forEach((dark, x) => dark && cells.add(`${String(x)},${String(y)}`)));
  return cells;
}

describe('authenticator QR code', () => {
  it('encodes the otpauth URI as uqr does, with a 4-module quiet zone', () => {
    const matrix = qrMatrix(uri);
    const reference = encode(uri, { ecc: 'M', border: QUIET_ZONE });
    expect(matrix.version).toBe(reference.version);
    expect(matrix.size).toBe(reference.size);
    expect(matrix.modules).toEqual(reference.data);
    expect(matrix.size).toBe(17 + 4 * matrix.version + 2 * QUIET_ZONE);
    expect(matrix.modules).toHaveLength(matrix.size);
    for (const row of matrix.modules) expect(row).toHaveLength(matrix.size);
    const margin = matrix.modules.flatMap((row, y) =>
      row.filter((_, x) => Math.min(x, y, matrix.size - 1 - x, matrix.size - 1 - y) < QUIET_ZONE),
    );
    expect(margin.every((dark) => !dark)).toBe(true);
  });

  it('uses the smallest version whose byte capacity at level M holds the URI', () => {
    const bytes = new TextEncoder().encode(uri).length;
    const expected = BYTE_CAPACITY_M.findIndex((capacity) => capacity >= bytes) + 1;
    expect(expected).toBeGreaterThan(0);
    expect(qrMatrix(uri).version).toBe(expected);
  });

  it('draws exactly the dark modules, as one labelled SVG image', () => {
    const matrix = qrMatrix(uri);
    const html = renderToStaticMarkup(<QrCode matrix={matrix} label={LABEL} />);
    expect(html).toMatch(/^<svg [^>]*role="img"/);
    expect(html).toContain(`aria-label="${LABEL}"`);
    expect(html).toContain(`viewBox="0 0 ${String(matrix.size)} ${String(matrix.size)}"`);
    const d = /<path d="([^"]*)"/.exec(html)?.[1] ?? '';
    const drawn = coveredCells(d);
    const dark = darkCells(matrix.modules);
    expect(drawn.size).toBe(dark.size);
    expect(drawn).toEqual(dark);
  });

  it('round-trips: the drawn modules read back as the URI', () => {
    const matrix = qrMatrix(uri);
    const size = matrix.size;
    const drawn = coveredCells(darkModulesPath(matrix.modules));
    // Rebuild the symbol from the drawing alone, without its quiet zone.
    const symbol = Array.from({ length: size - 2 * QUIET_ZONE }, (_, y) =>
      Array.from({ length: size - 2 * QUIET_ZONE }, (_, x) =>
        drawn.has(`${String(x + QUIET_ZONE)},${String(y + QUIET_ZONE)}`),
      ),
    );
    const decoded = decodeQr(symbol);
    expect(decoded.text).toBe(uri);
    expect(decoded.version).toBe(matrix.version);
    expect(decoded.ecc).toBe('M');
    expect(decoded.text).toMatch(/^otpauth:\/\/totp\/Lumenforge:/);
  });

  it('reads back shorter texts at other versions too', () => {
    const texts = ['otpauth://totp/x', uri.slice(0, 60), uri.slice(0, 100)];
    expect(new Set(texts.map((text) => qrMatrix(text).version)).size).toBe(texts.length);
    for (const text of texts) {
      const m = qrMatrix(text);
      const symbol = m.modules.slice(QUIET_ZONE, -QUIET_ZONE).map((row) => row.slice(QUIET_ZONE, -QUIET_ZONE));
      expect(decodeQr(symbol).text).toBe(text);
    }
  });

  it('an empty matrix draws nothing', () => {
    expect(
      darkModulesPath([
        [false, false],
        [false, false],
      ]),
    ).toBe('');
    expect(darkModulesPath([[true, true, false, true]])).toBe('M0 0h2v1h-2zM3 0h1v1h-1z');
  });
});
