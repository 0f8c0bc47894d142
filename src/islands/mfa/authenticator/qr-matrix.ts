/**
 * The authenticator's QR code (issue 6): the otpauth:// URI encoded by uqr, a
 * maintained zero-dependency encoder. Only AuthenticatorQr imports this, and
 * dynamically, so the encoder is a chunk of its own loaded on the set-up
 * screen alone.
 */
import { encode } from 'uqr';

/** The light margin ISO/IEC 18004 asks around the symbol (4 modules), part of the matrix. */
export const QUIET_ZONE = 4;

/** Medium error correction: still scans from a slightly blurred or glared screen. */
export const QR_ECC = 'M';

export interface QrMatrix {
  /** QR version, 1–40. */
  readonly version: number;
  /** Modules per side, quiet zone included. */
  readonly size: number;
  /** Rows of modules, true = dark. */
  readonly modules: readonly (readonly boolean[])[];
}

export function qrMatrix(text: string): QrMatrix {
  const { version, size, data } = encode(text, { ecc: QR_ECC, border: QUIET_ZONE });
  return { version, size, modules: data };
}
