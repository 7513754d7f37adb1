import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

import { useToasts } from '../../../lib/toasts.js';

function useQrCode(text: string): string | undefined {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    toDataURL(text, { margin: 2, width: 200 }).then(
      (url) => current && setImage(url),
      () => current && setImage(undefined),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return image;
}

/** The platform's receiving address: read-only, copyable and as a QR code. */
export function ReceivingAddress({ address }: { address: string }) {
  const toasts = useToasts();
  const qrCode = useQrCode(address);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toasts.success('Address copied to clipboard!');
    } catch {
      toasts.error('Failed to copy address');
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Receiving address"
          value={address}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon aria-hidden />}
          onClick={() => void copy()}
          sx={{ flexShrink: 0 }}
        >
          Copy
        </Button>
      </Stack>
      <Box sx={{ width: 200, height: 200, bgcolor: 'common.white', borderRadius: 1 }}>
        {qrCode && <img src={qrCode} alt="QR code of the receiving address" width={200} height={200} />}
      </Box>
    </Stack>
  );
}
