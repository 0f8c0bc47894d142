/**
 * A QR matrix drawn as React SVG (no markup strings): a light square with the
 * dark modules on top, crisp at any size. role="img" with the label gives
 * screen readers its purpose; the secret shown as text next to it is the
 * accessible way to the same data.
 */
import type { QrMatrix } from './qr-matrix';
import { darkModulesPath } from './qr-path';

export interface QrCodeProps {
  readonly matrix: QrMatrix;
  readonly label: string;
}

export function QrCode({ matrix, label }: QrCodeProps) {
  const { size } = matrix;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${String(size)} ${String(size)}`}
      shapeRendering="crispEdges"
      data-qr-version={matrix.version}
    >
      {/* Scanners need dark on light whatever the page theme. */}
      <rect width={size} height={size} fill="#fff" />
      <path d={darkModulesPath(matrix.modules)} fill="#000" />
    </svg>
  );
}
