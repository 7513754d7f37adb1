import { approvalMessages, formatUsd, isProposalResponse } from '@ledgerstone/contracts';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { useDeactivatePlan, usePlans, type Plan } from '../api/plans.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { DeactivateDialog } from './deactivate-dialog.js';
import { PLAN_KIND_LABELS, PlanFormDialog } from './plan-form-dialog.js';
import { StatusChip } from './status-chip.js';

type Editing = { plan?: Plan } | undefined;

/** Every plan, active or not; an admin creates, edits and deactivates them, an auditor only reads. */
export function PlansManager({ readOnly }: { readOnly: boolean }) {
  const plans = usePlans();
  const [editing, setEditing] = useState<Editing>();
  const [deactivating, setDeactivating] = useState<Plan>();
  const deactivatePlan = useDeactivatePlan();
  const toasts = useToasts();

  const columns = useMemo(() => {
    const list: DataTableColumn<Plan>[] = [
      { id: 'name', header: 'Name', accessorFn: (plan) => plan.name },
      { id: 'kind', header: 'Kind', accessorFn: (plan) => PLAN_KIND_LABELS[plan.kind] },
      { id: 'percentage', header: 'Percentage', accessorFn: (plan) => `${plan.percentage}%` },
      { id: 'term', header: 'Term', accessorFn: (plan) => `${plan.termDays} days` },
      { id: 'min', header: 'Min', accessorFn: (plan) => formatUsd(plan.minAmount) },
      { id: 'max', header: 'Max', accessorFn: (plan) => formatUsd(plan.maxAmount) },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (plan) => (plan.active ? 'Active' : 'Inactive'),
        cell: ({ row }) => <StatusChip active={row.original.active} />,
      },
    ];
    if (readOnly) return list;
    list.push({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            aria-label={`Edit ${row.original.name}`}
            onClick={() => setEditing({ plan: row.original })}
          >
            Edit
          </Button>
          {row.original.active && (
            <Button
              size="small"
              color="error"
              aria-label={`Deactivate ${row.original.name}`}
              onClick={() => setDeactivating(row.original)}
            >
              Deactivate
            </Button>
          )}
        </Stack>
      ),
    });
    return list;
  }, [readOnly]);

  const deactivate = (plan: Plan) =>
    deactivatePlan.mutate(plan.id, {
      onSuccess: (answer) => {
        toasts.success(
          isProposalResponse(answer) ? approvalMessages.sentForApproval : `Plan ${plan.name} deactivated`,
        );
        setDeactivating(undefined);
      },
      onError: (error) => toasts.error(serverMessage(error, 'Failed to deactivate the plan')),
    });

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Plans
        </Typography>
        <Typography color="text.secondary">
          The crypto and real estate plans members invest in. A plan&apos;s percentage is its stated return
          over its term.
        </Typography>
      </div>
      <DataTable
        label="Plans"
        columns={columns}
        rows={plans.data}
        isLoading={plans.isPending}
        isError={plans.isError}
        getRowId={(plan) => plan.id}
        emptyMessage="No plans yet"
        toolbar={
          !readOnly && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
              Create Plan
            </Button>
          )
        }
      />
      {editing && (
        <PlanFormDialog
          key={editing.plan?.id ?? 'new'}
          open
          plan={editing.plan}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeactivateDialog
        subject={deactivating && `plan ${deactivating.name}`}
        consequence="Members can no longer choose it; running investments keep their terms."
        pending={deactivatePlan.isPending}
        onCancel={() => setDeactivating(undefined)}
        onConfirm={() => deactivating && deactivate(deactivating)}
      />
    </Stack>
  );
}
