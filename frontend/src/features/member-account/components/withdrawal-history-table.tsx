import { useWithdrawalHistory } from '../api/get-withdrawal-history.js';
import { HistoryTable } from './history-table.js';

export function WithdrawalHistoryTable() {
  return (
    <HistoryTable
      label="Withdrawal history"
      noun="withdrawals"
      pageSize={10}
      useHistory={useWithdrawalHistory}
    />
  );
}
