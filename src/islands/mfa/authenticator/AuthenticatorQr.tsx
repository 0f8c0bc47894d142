/**
 * The set-up URI as a QR code for the authenticator app to scan. The encoder
 * is imported here dynamically, so it reaches the browser only on this screen
 * and only once an enrolment has started. Should its chunk fail to load, no
 * code is drawn: the setup key shown as text still completes the set-up.
 */
import { useEffect, useState } from 'react';
import type { QrMatrix } from './qr-matrix';
import { QrCode } from './QrCode';

export interface AuthenticatorQrProps {
  /** The otpauth:// URI of the enrolment. */
  readonly uri: string;
  readonly label: string;
}

export function AuthenticatorQr({ uri, label }: AuthenticatorQrProps) {
  const [drawn, setDrawn] = useState<{ readonly uri: string; readonly matrix: QrMatrix } | null>(null);

  useEffect(() => {
    let live = true;
    import('./qr-matrix').then(
      ({ qrMatrix }) => {
        if (live) setDrawn({ uri, matrix: qrMatrix(uri) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uri]);

  // The frame keeps its size while the encoder loads, so the steps below do not jump.
  return <div className="qr-frame">{drawn?.uri === uri && <QrCode matrix={drawn.matrix} label={label} />}</div>;
}
