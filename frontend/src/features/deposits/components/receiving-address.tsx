import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { CopyButton } from '../../../components/ui/copy-button.js';
import { useQrCode } from '../../../lib/use-qr-code.js';

/** The platform's receiving address: read-only, copyable and as a QR code. */
export function ReceivingAddress({ address }: { address: string }) {
  const qrCode = useQrCode(address);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Receiving address"
          value={address}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <CopyButton
          text={address}
          copiedMessage="Address copied to clipboard!"
          failedMessage="Failed to copy address"
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <Box sx={{ width: 200, height: 200, bgcolor: 'common.white', borderRadius: 1 }}>
        {qrCode && <img src={qrCode} alt="QR code of the receiving address" width={200} height={200} />}
      </Box>
    </Stack>
  );
}
