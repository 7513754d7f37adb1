import { approvalMessages, isProposalResponse, WALLET_NETWORKS } from '@ledgerstone/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { useDeactivatePaymentMethod, usePaymentMethods, type PaymentMethod } from '../api/payment-methods.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { DeactivateDialog } from './deactivate-dialog.js';
import { PaymentMethodFormDialog } from './payment-method-form-dialog.js';
import { StatusChip } from './status-chip.js';

type Editing = { method?: PaymentMethod } | undefined;

/** Every payment method with its receiving address; an admin creates, edits and deactivates them. */
export function PaymentMethodsManager({ readOnly }: { readOnly: boolean }) {
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState<Editing>();
  const [deactivating, setDeactivating] = useState<PaymentMethod>();
  const deactivateMethod = useDeactivatePaymentMethod();
  const toasts = useToasts();

  const columns = useMemo(() => {
    const list: DataTableColumn<PaymentMethod>[] = [
      { id: 'order', header: 'Order', accessorFn: (method) => method.displayOrder },
      { id: 'name', header: 'Name', accessorFn: (method) => method.name },
      { id: 'network', header: 'Network', accessorFn: (method) => WALLET_NETWORKS[method.network] },
      {
        id: 'address',
        header: 'Receiving address',
        accessorFn: (method) => method.address,
        cell: ({ row }) => (
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {row.original.address}
          </Box>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (method) => (method.active ? 'Active' : 'Inactive'),
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
            onClick={() => setEditing({ method: row.original })}
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

  const rows = useMemo(
    () => methods.data && [...methods.data].sort((a, b) => a.displayOrder - b.displayOrder),
    [methods.data],
  );

  const deactivate = (method: PaymentMethod) =>
    deactivateMethod.mutate(method.id, {
      onSuccess: (answer) => {
        toasts.success(
          isProposalResponse(answer)
            ? approvalMessages.sentForApproval
            : `Payment method ${method.name} deactivated`,
        );
        setDeactivating(undefined);
      },
      onError: (error) => toasts.error(serverMessage(error, 'Failed to deactivate the payment method')),
    });

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Payment Methods
        </Typography>
        <Typography color="text.secondary">
          The methods members deposit with, each with its network and receiving address.
        </Typography>
      </div>
      <DataTable
        label="Payment methods"
        columns={columns}
        rows={rows}
        isLoading={methods.isPending}
        isError={methods.isError}
        getRowId={(method) => method.id}
        emptyMessage="No payment methods yet"
        toolbar={
          !readOnly && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
              Create Payment Method
            </Button>
          )
        }
      />
      {editing && (
        <PaymentMethodFormDialog
          key={editing.method?.id ?? 'new'}
          open
          method={editing.method}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeactivateDialog
        subject={deactivating?.name}
        consequence="Members can no longer deposit with it; deposits already made keep it."
        pending={deactivateMethod.isPending}
        onCancel={() => setDeactivating(undefined)}
        onConfirm={() => deactivating && deactivate(deactivating)}
      />
    </Stack>
  );
}
