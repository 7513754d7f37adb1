import Chip from '@mui/material/Chip';

import type { AdminTransactionRow } from '../api/get-admin-transactions.js';

const statusColor = {
  pending: 'warning',
  completed: 'success',
  paid: 'success',
  rejected: 'error',
} as const;

export function TransactionStatusChip({ status }: { status: AdminTransactionRow['status'] }) {
  const color = statusColor[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status}
      sx={{ color: `${color}.light`, borderColor: `${color}.main`, textTransform: 'capitalize' }}
    />
  );
}
