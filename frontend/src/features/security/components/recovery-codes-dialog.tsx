import { twoFactorMessages } from '@ledgerstone/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { CopyButton } from '../../../components/ui/copy-button.js';
import { env } from '../../../config/env.js';

export const RECOVERY_CODES_FILE = 'ledgerstone-recovery-codes.txt';

/** The text file of the codes: what they are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[], generatedAt: Date): string {
  return [
    `${env.PRODUCT_NAME} recovery codes`,
    `Generated ${generatedAt.toISOString()}`,
    'Each code signs you in once if you lose your authenticator app or passkey.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type RecoveryCodesDialogProps = {
  /** The codes in clear, as the server answered them once; the dialog is open while there are some. */
  codes: readonly string[] | undefined;
  onDone: () => void;
};

/** The ten recovery codes, shown this once: copy them, download them, then close. */
export function RecoveryCodesDialog({ codes, onDone }: RecoveryCodesDialogProps) {
  const titleId = useId();
  const listLabelId = useId();
  const text = codes ? recoveryCodesText(codes, new Date()) : '';
  return (
    // Closing takes the button: a click beside the dialog or Escape would lose codes never seen again.
    <Dialog open={codes !== undefined} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Save your {twoFactorMessages.recoveryCodes.toLowerCase()}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {twoFactorMessages.recoveryCodesInstructions}
        </Alert>
        <Typography id={listLabelId} variant="subtitle2" sx={{ mb: 1 }}>
          {twoFactorMessages.recoveryCodes}
        </Typography>
        <Box
          component="ol"
          aria-labelledby={listLabelId}
          sx={{
            m: 0,
            p: 2,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            bgcolor: 'background.default',
            borderRadius: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '1.05rem',
            letterSpacing: '0.04em',
          }}
        >
          {codes?.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <CopyButton
            text={codes?.join('\n') ?? ''}
            copiedLabel="Copied!"
            failedMessage="Copying failed. Download the codes or write them down."
          />
          <Button variant="outlined" startIcon={<DownloadIcon aria-hidden />} onClick={() => download(text)}>
            {twoFactorMessages.downloadCodes}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          I have saved my codes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
