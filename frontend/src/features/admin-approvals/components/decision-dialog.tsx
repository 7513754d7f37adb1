import { zodResolver } from '@hookform/resolvers/zod';
import {
  decideApprovalRequest,
  formatUsd,
  type ApprovalRow,
  type DecideApprovalRequest,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';

import { FormDialog } from '../../../components/ui/form-dialog.js';
import { ApprovalChanges } from './approval-changes.js';
import { DepositEvidence } from './deposit-evidence.js';
import { ReasonField } from '../../../components/form/reason-field.js';

export type Verdict = 'approve' | 'reject';

const VERDICTS: Record<Verdict, { title: string; button: string; pending: string; consequence: string }> = {
  approve: {
    title: 'Approve',
    button: 'Approve',
    pending: 'Approving...',
    consequence: 'Approving runs the action now, with both admins on record.',
  },
  reject: {
    title: 'Reject',
    button: 'Reject',
    pending: 'Rejecting...',
    consequence: 'Rejecting leaves everything as it is; the proposer sees your reason.',
  },
};

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2 }}
    >
      {facts.map(([term, detail]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

type DecisionDialogProps = {
  open: boolean;
  /** The proposal decided (kept while the dialog closes, so it does not empty as it fades). */
  approval: ApprovalRow | undefined;
  verdict: Verdict;
  isPending: boolean;
  /** The API's refusal, shown in the dialog, which stays open. */
  error: string | undefined;
  onClose: () => void;
  onSubmit: (body: DecideApprovalRequest) => void;
};

/** A second admin's approval or rejection: what the proposal changes, and their own reason. */
export function DecisionDialog({
  open,
  approval,
  verdict,
  isPending,
  error,
  onClose,
  onSubmit,
}: DecisionDialogProps) {
  const form = useForm({ resolver: zodResolver(decideApprovalRequest), defaultValues: { reason: '' } });
  const text = VERDICTS[verdict];

  return (
    <FormDialog
      open={open && approval !== undefined}
      title={approval && `${text.title}: ${approval.action}`}
      isPending={isPending}
      submitLabel={text.button}
      pendingLabel={text.pending}
      submitColor={verdict === 'approve' ? 'primary' : 'error'}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      onExited={() => form.reset()}
    >
      {approval && (
        <Stack spacing={2}>
          <Facts
            facts={[
              ['Member', approval.member?.name ?? 'Plans and payment methods'],
              ...(approval.amount === null
                ? []
                : [['Amount', formatUsd(approval.amount)] as [string, string]]),
              ['Proposed by', approval.proposer.name],
              ["Proposer's reason", approval.reason],
            ]}
          />
          {approval.kind === 'ConfirmDeposit' && approval.subject_id && (
            <DepositEvidence
              depositId={approval.subject_id}
              amount={approval.amount === null ? '' : formatUsd(approval.amount)}
            />
          )}
          {approval.changes.length > 0 && <ApprovalChanges changes={approval.changes} />}
          <Typography variant="body2" color="text.secondary">
            {text.consequence}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <ReasonField
            hint="3 to 500 characters, kept with the decision"
            error={form.formState.errors.reason?.message}
            minRows={2}
            {...form.register('reason')}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
