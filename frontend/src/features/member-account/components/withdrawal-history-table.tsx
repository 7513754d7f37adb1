import type { WithdrawalHistory } from '@ledgerstone/contracts';
import { useMemo } from 'react';

import { DataTable } from '../../../components/ui/data-table.js';
import { useWithdrawalHistory } from '../api/get-withdrawal-history.js';
import { historyColumns, newestFirst } from './history-columns.js';

const columns = historyColumns<WithdrawalHistory['data'][number]>();

export function WithdrawalHistoryTable() {
  const history = useWithdrawalHistory();
  const rows = useMemo(() => newestFirst(history.data?.data), [history.data]);
  return (
    <DataTable
      label="Withdrawal history"
      columns={columns}
      rows={rows}
      isLoading={history.isPending}
      isError={history.isError}
      pageSize={10}
      getRowId={(row) => row.id}
      emptyMessage="No withdrawals yet"
    />
  );
}
