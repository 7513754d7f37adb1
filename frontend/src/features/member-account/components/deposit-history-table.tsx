import type { DepositHistory } from '@ledgerstone/contracts';
import { useMemo } from 'react';

import { DataTable } from '../../../components/ui/data-table.js';
import { useDepositHistory } from '../api/get-deposit-history.js';
import { historyColumns, newestFirst } from './history-columns.js';

const columns = historyColumns<DepositHistory['data'][number]>();

export function DepositHistoryTable() {
  const history = useDepositHistory();
  const rows = useMemo(() => newestFirst(history.data?.data), [history.data]);
  return (
    <DataTable
      label="Deposit history"
      columns={columns}
      rows={rows}
      isLoading={history.isPending}
      isError={history.isError}
      pageSize={5}
      getRowId={(row) => row.id}
      emptyMessage="No deposits yet"
    />
  );
}
