// A QR code (qrcode) for the PC hand-off: the phone scans it to continue the identity check.
import QRCode from 'qrcode';
import { useEffect, useState, type ReactElement } from 'react';

export function QrCode({ value, label, size = 220 }: { value: string; label: string; size?: number }): ReactElement {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [value, size]);
  return <div className="qr">{src ? <img src={src} width={size} height={size} alt={label} /> : <div className="qr__placeholder" style={{ width: size, height: size }} aria-hidden="true" />}</div>;
}
