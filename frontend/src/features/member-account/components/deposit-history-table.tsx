import { useDepositHistory } from '../api/get-deposit-history.js';
import { HistoryTable } from './history-table.js';

export function DepositHistoryTable() {
  return <HistoryTable label="Deposit history" noun="deposits" pageSize={5} useHistory={useDepositHistory} />;
}
