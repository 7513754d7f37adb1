import { approvalMessages } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

import { useApprovals } from '../../../api/approvals.js';
import { summariseProposal } from '../../../lib/approval-format.js';

/** What another admin has yet to approve on this account: none of it has changed the figures shown below. */
export function PendingProposals({ userId }: { userId: string }) {
  const approvals = useApprovals({ status: 'pending', userId });
  const pending = approvals.data ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-label={approvalMessages.awaitingApproval}>
      <AlertTitle>{approvalMessages.awaitingApproval}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {pending.map((approval) => {
          const change = summariseProposal(approval);
          return (
            <li key={approval.id}>
              {approval.action}
              {change && `: ${change}`} (proposed by {approval.proposer.name})
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
