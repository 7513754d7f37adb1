import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';

import type { DataTableColumn } from '../../../components/ui/data-table.js';
import { formatDate } from '../format.js';
import { StatusChip } from './status-chip.js';

export type HistoryRow = {
  amount: string;
  payment_method: string;
  status: 'pending' | 'completed' | 'paid' | 'rejected';
  reason: string | null;
  createdAt: string;
};

/** Amount, Payment Method, Status (with the rejection reason), Date: the columns of both histories. */
export function historyColumns<TRow extends HistoryRow>(): DataTableColumn<TRow>[] {
  return [
    { id: 'amount', header: 'Amount', accessorFn: (row) => formatUsd(row.amount) },
    { id: 'payment_method', header: 'Payment Method', accessorFn: (row) => row.payment_method },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (row) => `${row.status} ${row.reason ?? ''}`,
      cell: ({ row }) => (
        <Box>
          <StatusChip status={row.original.status} />
          {row.original.status === 'rejected' && row.original.reason && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
              Reason: {row.original.reason}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'date', header: 'Date', accessorFn: (row) => formatDate(row.createdAt) },
  ];
}
