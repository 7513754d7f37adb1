import { approvalMessages, type ApprovalRow, type DecideApprovalRequest } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';

import { useApprovals, type ApprovalsParams } from '../../../api/approvals.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatAge, summariseProposal } from '../../../lib/approval-format.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useDecideApproval } from '../api/decide-approval.js';
import { DecisionDialog, type Verdict } from './decision-dialog.js';

type Shown = ApprovalsParams['status'];

const STATUS_LABELS: Record<ApprovalRow['status'], string> = {
  pending: 'Pending',
  executed: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  failed: 'Failed',
  superseded: 'Superseded',
};

const STATUS_COLORS: Record<ApprovalRow['status'], 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  executed: 'success',
  rejected: 'error',
  withdrawn: 'default',
  expired: 'default',
  failed: 'error',
  superseded: 'default',
};

const memberOf = (approval: ApprovalRow) => approval.member?.name ?? 'Plans and payment methods';

/** The refusal as the dialog shows it: the reason's own message when the reason was refused. */
function refusalOf(error: unknown): string {
  return (error instanceof ApiError && error.fieldErrors.reason) || serverMessage(error);
}

type ApprovalsTableProps = {
  /** The signed-in staff member: their own proposals offer Withdraw, never Approve. */
  staffId: string | undefined;
  /** Auditors see every proposal but decide none. */
  readOnly: boolean;
};

export function ApprovalsTable({ staffId, readOnly }: ApprovalsTableProps) {
  const [shown, setShown] = useState<Shown>('pending');
  const approvals = useApprovals({ status: shown });
  const { mutate, reset, isPending, isError, error } = useDecideApproval();
  const toasts = useToasts();
  const [deciding, setDeciding] = useState<{ approval: ApprovalRow; verdict: Verdict }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const now = approvals.dataUpdatedAt;

  const columns = useMemo<DataTableColumn<ApprovalRow>[]>(() => {
    const open = (approval: ApprovalRow, verdict: Verdict) => {
      reset();
      setDeciding({ approval, verdict });
      setDialogOpen(true);
    };
    const withdraw = (approval: ApprovalRow) =>
      mutate(
        { kind: 'withdraw', id: approval.id },
        {
          onSuccess: () => toasts.success(approvalMessages.withdrawn),
          onError: (error) => toasts.failure(error),
        },
      );

    const base: DataTableColumn<ApprovalRow>[] = [
      { id: 'action', header: 'Action', cell: ({ row }) => row.original.action },
      { id: 'member', header: 'Member', cell: ({ row }) => memberOf(row.original) },
      { id: 'change', header: 'Amount or change', cell: ({ row }) => summariseProposal(row.original) },
      { id: 'proposer', header: 'Proposed by', cell: ({ row }) => row.original.proposer.name },
      { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
      {
        id: 'age',
        header: 'Age',
        cell: ({ row }) => (
          <span title={formatDateTime(row.original.proposed_at)}>
            {formatAge(row.original.proposed_at, now)}
          </span>
        ),
      },
    ];
    const outcome: DataTableColumn<ApprovalRow>[] = [
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLORS[row.original.status]}
            label={STATUS_LABELS[row.original.status]}
          />
        ),
      },
      { id: 'decided_by', header: 'Decided by', cell: ({ row }) => row.original.decided_by?.name ?? '—' },
      {
        id: 'decision_reason',
        header: 'Decision reason',
        cell: ({ row }) => row.original.decision_reason ?? '—',
      },
    ];
    const actions: DataTableColumn<ApprovalRow> = {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const approval = row.original;
        if (approval.status !== 'pending') return null;
        if (approval.proposer.id === staffId) {
          return (
            <Button size="small" variant="outlined" disabled={isPending} onClick={() => withdraw(approval)}>
              Withdraw
            </Button>
          );
        }
        return (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              disabled={isPending}
              onClick={() => open(approval, 'approve')}
            >
              Approve
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={isPending}
              onClick={() => open(approval, 'reject')}
            >
              Reject
            </Button>
          </Stack>
        );
      },
    };
    return [...base, ...(shown === 'all' ? outcome : []), ...(readOnly ? [] : [actions])];
  }, [shown, readOnly, staffId, now, isPending, mutate, reset, toasts]);

  const submit = (body: DecideApprovalRequest) => {
    if (!deciding) return;
    const { approval, verdict } = deciding;
    mutate(
      { kind: verdict, id: approval.id, body },
      {
        onSuccess: () => {
          toasts.success(
            verdict === 'approve' ? approvalMessages.approvedAndDone : approvalMessages.rejected,
          );
          setDialogOpen(false);
        },
      },
    );
  };

  return (
    <>
      <DataTable
        label="Approvals"
        columns={columns}
        rows={approvals.data}
        isLoading={approvals.isPending}
        isError={approvals.isError}
        searchable={false}
        getRowId={(approval) => approval.id}
        emptyMessage={shown === 'pending' ? 'Nothing awaits approval.' : 'No proposals yet.'}
        toolbar={
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Proposals shown"
            value={shown}
            onChange={(_, next: Shown | null) => next && setShown(next)}
          >
            <ToggleButton value="pending">Pending</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <DecisionDialog
        open={dialogOpen}
        approval={deciding?.approval}
        verdict={deciding?.verdict ?? 'approve'}
        isPending={isPending}
        error={isError ? refusalOf(error) : undefined}
        onClose={() => setDialogOpen(false)}
        onSubmit={submit}
      />
    </>
  );
}
