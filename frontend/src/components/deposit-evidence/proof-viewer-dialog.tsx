import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';

import { useDepositProof } from '../../api/deposit-proof.js';
import type { Claims } from './claimed-elsewhere.js';
import { HashAndClaims } from './hash-and-claims.js';

const PROOF_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A blob URL for the file while the viewer shows it, released afterwards. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

function ProofContent({ depositId, label }: { depositId: string; label: string }) {
  const proof = useDepositProof(depositId);
  const url = useObjectUrl(proof.data?.blob);

  if (proof.isError) return <Alert severity="error">{proof.error.message}</Alert>;
  if (!proof.data || !url) return <Typography>Loading...</Typography>;

  const contentType = proof.data.contentType.split(';')[0]?.trim() ?? '';
  const download = (
    <Link component="a" href={url} download={`proof-${depositId}.${PROOF_EXTENSIONS[contentType] ?? 'bin'}`}>
      Download proof
    </Link>
  );
  if (contentType === 'application/pdf') {
    return (
      <>
        <Box
          component="object"
          data={url}
          type="application/pdf"
          aria-label={label}
          sx={{ width: '100%', height: '70vh', border: 0 }}
        >
          <Typography>This browser cannot show the PDF here. {download}</Typography>
        </Box>
        {download}
      </>
    );
  }
  return (
    <>
      <Box
        component="img"
        src={url}
        alt={label}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto', mb: 1 }}
      />
      {download}
    </>
  );
}

type ProofViewerDialogProps = {
  open: boolean;
  depositId: string;
  amount: string;
  transactionHash: string | null;
  /** How many other deposits give the same hash or came with the same file. */
  claims: Claims;
  onClose: () => void;
};

export function ProofViewerDialog({
  open,
  depositId,
  amount,
  transactionHash,
  claims,
  onClose,
}: ProofViewerDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Proof of payment</DialogTitle>
      <DialogContent>
        <HashAndClaims hash={transactionHash} claims={claims} sx={{ mb: 2 }} />
        {open && (
          <ProofContent depositId={depositId} label={`Proof of payment for the deposit of ${amount}`} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
