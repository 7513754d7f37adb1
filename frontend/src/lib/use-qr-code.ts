import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** `text` as a QR code (a PNG data URL, allowed by the CSP's img-src), drawn in the browser; undefined until ready. */
export function useQrCode(text: string, width = 200): string | undefined {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    toDataURL(text, { margin: 2, width }).then(
      (url) => current && setImage(url),
      () => current && setImage(undefined),
    );
    return () => {
      current = false;
    };
  }, [text, width]);
  return image;
}
