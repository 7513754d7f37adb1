import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useAdminDeposit } from '../../../api/admin-deposit.js';
import { HashAndClaims } from '../../../components/deposit-evidence/hash-and-claims.js';
import { ProofViewerDialog } from '../../../components/deposit-evidence/proof-viewer-dialog.js';
import { serverMessage } from '../../../lib/toasts.js';

/**
 * What the approver of a deposit's confirmation checks the payment by: the member's transaction hash, the proof,
 * and whether other deposits claim the same hash or came with the same file.
 */
export function DepositEvidence({ depositId, amount }: { depositId: string; amount: string }) {
  const deposit = useAdminDeposit(depositId);
  const [proofOpen, setProofOpen] = useState(false);

  if (deposit.isError) return <Alert severity="error">{serverMessage(deposit.error)}</Alert>;
  if (deposit.isPending) return <Typography variant="body2">Loading the deposit...</Typography>;
  if (!deposit.data)
    return <Alert severity="warning">This deposit is not in the list of transactions yet.</Alert>;

  return (
    <HashAndClaims hash={deposit.data.transaction_hash} claims={deposit.data}>
      <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setProofOpen(true)}>
        View proof
      </Button>
      <ProofViewerDialog
        open={proofOpen}
        depositId={depositId}
        amount={amount}
        transactionHash={deposit.data.transaction_hash}
        claims={deposit.data}
        onClose={() => setProofOpen(false)}
      />
    </HashAndClaims>
  );
}
