import Chip from '@mui/material/Chip';

import type { AdminTransactionRow } from '../api/get-admin-transactions.js';

/**
 * For the payer of a pending withdrawal: whether its address had been in the member's address book for more than
 * 30 days when the withdrawal was asked for. Nothing for deposits, decided withdrawals, or withdrawals from
 * before the address book.
 */
export function AddressAgeChip({ transaction }: { transaction: AdminTransactionRow }) {
  const known = transaction.address_known_over_30_days;
  if (transaction.type !== 'withdrawal' || transaction.status !== 'pending' || known === null) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={known ? 'success' : 'warning'}
      label={known ? 'Known address' : 'New address'}
    />
  );
}
