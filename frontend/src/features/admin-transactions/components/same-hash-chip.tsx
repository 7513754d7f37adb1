import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

import type { AdminTransactionRow } from '../api/get-admin-transactions.js';

/** "1 other deposit", "2 other deposits". */
export function otherDeposits(count: number): string {
  return `${count} other deposit${count === 1 ? '' : 's'}`;
}

/**
 * For whoever confirms deposits: the member's transaction hash is also given on other deposits, pending or
 * confirmed, so one payment may be claimed twice. Nothing for withdrawals or a hash no other deposit gives.
 */
export function SameHashChip({ transaction }: { transaction: AdminTransactionRow }) {
  const others = transaction.other_deposits_with_hash;
  if (transaction.type !== 'deposit' || !others) return null;
  return (
    <Tooltip title="The same transaction hash is given on other deposits: check which one the payment belongs to before confirming">
      <Chip size="small" variant="outlined" color="error" label={`Hash on ${otherDeposits(others)}`} />
    </Tooltip>
  );
}
