import {
  approvalMessages,
  formatUsd,
  isProposalResponse,
  type ApprovalRow,
  type CommandResponse,
} from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useDecideTransaction, type TransactionDecision } from '../api/decide-transaction.js';
import type { AdminTransactionRow } from '../api/get-admin-transactions.js';
import { useToasts } from '../../../lib/toasts.js';
import { PayWithdrawalDialog } from './pay-withdrawal-dialog.js';
import { ProofViewerDialog } from '../../../components/deposit-evidence/proof-viewer-dialog.js';
import { RejectReasonDialog } from './reason-dialog.js';
import { TransactionJobsDialog } from './transaction-jobs-dialog.js';

type TransactionActionsProps = {
  transaction: AdminTransactionRow;
  /** Auditors see the row's state but get no buttons that change it. */
  readOnly: boolean;
  /** The proposal awaiting a second admin to confirm or pay it, if there is one: it is not proposed twice. */
  proposal: ApprovalRow | undefined;
  onDecided: (response: CommandResponse) => void;
};

type OpenDialog = 'reject' | 'pay' | 'proof' | 'jobs' | null;

export function TransactionActions({ transaction, readOnly, proposal, onDecided }: TransactionActionsProps) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const toasts = useToasts();
  const decision = useDecideTransaction({
    onSuccess: (response) => {
      setOpenDialog(null);
      if (isProposalResponse(response)) {
        toasts.success(approvalMessages.sentForApproval);
        return;
      }
      toasts.success(response.message);
      onDecided(response);
    },
  });
  const decide = (next: TransactionDecision) =>
    decision.mutate(next, { onError: (error) => toasts.failure(error) });

  const { id, type, status } = transaction;
  const amount = formatUsd(transaction.amount);
  const isDeposit = type === 'deposit';
  const canDecide = status === 'pending' && !readOnly;
  const awaitingApproval = status === 'pending' && proposal !== undefined;
  const confirming = decision.isPending && decision.variables.kind === 'confirm-deposit';

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {awaitingApproval && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Chip size="small" color="warning" variant="outlined" label={approvalMessages.awaitingApproval} />
          <Typography variant="caption" color="text.secondary">
            proposed by {proposal.proposer.name}
          </Typography>
        </Stack>
      )}
      {isDeposit && canDecide && !awaitingApproval && (
        <Button
          size="small"
          variant="contained"
          disabled={decision.isPending}
          onClick={() => decide({ kind: 'confirm-deposit', id })}
        >
          {confirming ? 'Loading...' : 'Confirm'}
        </Button>
      )}
      {isDeposit && status === 'completed' && (
        <Button size="small" variant="outlined" disabled>
          Payment Confirmed
        </Button>
      )}
      {!isDeposit && canDecide && !awaitingApproval && (
        <Button
          size="small"
          variant="contained"
          disabled={decision.isPending}
          onClick={() => setOpenDialog('pay')}
        >
          Mark Paid
        </Button>
      )}
      {!isDeposit && status === 'paid' && (
        <Button size="small" variant="outlined" disabled>
          Paid
        </Button>
      )}
      {canDecide && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={decision.isPending}
          onClick={() => setOpenDialog('reject')}
        >
          Reject
        </Button>
      )}
      {isDeposit && (
        <Button size="small" variant="text" onClick={() => setOpenDialog('proof')}>
          View proof
        </Button>
      )}
      <Button size="small" variant="text" onClick={() => setOpenDialog('jobs')}>
        Jobs
      </Button>

      {canDecide && (
        <RejectReasonDialog
          open={openDialog === 'reject'}
          title={isDeposit ? 'Reject deposit' : 'Reject withdrawal'}
          description={
            isDeposit
              ? `The member will see this reason for rejecting their deposit of ${amount}.`
              : `The ${amount} reserved for this withdrawal goes back to the member's balance, with this reason.`
          }
          isPending={decision.isPending}
          onClose={() => setOpenDialog(null)}
          onSubmit={(body) => decide({ kind: isDeposit ? 'reject-deposit' : 'reject-withdrawal', id, body })}
        />
      )}
      {canDecide && !isDeposit && (
        <PayWithdrawalDialog
          open={openDialog === 'pay'}
          amount={amount}
          isPending={decision.isPending}
          onClose={() => setOpenDialog(null)}
          onSubmit={(body) => decide({ kind: 'pay-withdrawal', id, body })}
        />
      )}
      {isDeposit && (
        <ProofViewerDialog
          open={openDialog === 'proof'}
          depositId={id}
          amount={amount}
          transactionHash={transaction.transaction_hash}
          claims={transaction}
          onClose={() => setOpenDialog(null)}
        />
      )}
      <TransactionJobsDialog
        open={openDialog === 'jobs'}
        transaction={{ type, id }}
        amount={amount}
        onClose={() => setOpenDialog(null)}
      />
    </Stack>
  );
}
