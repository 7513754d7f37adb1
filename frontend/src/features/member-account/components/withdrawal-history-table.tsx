import type { WithdrawalHistory } from '@ledgerstone/contracts';
import { useState } from 'react';

import { DataTable } from '../../../components/ui/data-table.js';
import { useWithdrawalHistory } from '../api/get-withdrawal-history.js';
import { historyColumns, HISTORY_SEARCH_PLACEHOLDER } from './history-columns.js';

const columns = historyColumns<WithdrawalHistory['data'][number]>();
const PAGE_SIZE = 10;

export function WithdrawalHistoryTable() {
  const [pageIndex, setPageIndex] = useState(0);
  const [search, setSearch] = useState('');
  const history = useWithdrawalHistory({ page: pageIndex + 1, pageSize: PAGE_SIZE, search });
  return (
    <DataTable
      label="Withdrawal history"
      columns={columns}
      rows={history.data?.data}
      isLoading={history.isPending}
      isError={history.isError}
      pageSize={PAGE_SIZE}
      getRowId={(row) => row.id}
      emptyMessage={search.trim() === '' ? 'No withdrawals yet' : 'No withdrawals match your search'}
      searchPlaceholder={HISTORY_SEARCH_PLACEHOLDER}
      serverPaging={{
        pageIndex,
        pageCount: Math.ceil((history.data?.total ?? 0) / PAGE_SIZE),
        onPageChange: setPageIndex,
        search,
        onSearchChange: setSearch,
      }}
    />
  );
}
