// A QR code (qrcode) for the PC hand-off: the phone scans it to continue the identity check.
import { useEffect, useState, type ReactElement } from 'react';

export function QrCode({ value, label, size = 220 }: { value: string; label: string; size?: number }): ReactElement {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    // qrcode is loaded with the PC hand-off page only, not with the app.
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [value, size]);
  return <div className="qr">{src ? <img src={src} width={size} height={size} alt={label} /> : <div className="qr__placeholder" style={{ width: size, height: size }} aria-hidden="true" />}</div>;
}
