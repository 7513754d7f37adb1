import type { DepositHistory } from '@ledgerstone/contracts';
import { useState } from 'react';

import { DataTable } from '../../../components/ui/data-table.js';
import { useDepositHistory } from '../api/get-deposit-history.js';
import { historyColumns, HISTORY_SEARCH_PLACEHOLDER } from './history-columns.js';

const columns = historyColumns<DepositHistory['data'][number]>();
const PAGE_SIZE = 5;

export function DepositHistoryTable() {
  const [pageIndex, setPageIndex] = useState(0);
  const [search, setSearch] = useState('');
  const history = useDepositHistory({ page: pageIndex + 1, pageSize: PAGE_SIZE, search });
  return (
    <DataTable
      label="Deposit history"
      columns={columns}
      rows={history.data?.data}
      isLoading={history.isPending}
      isError={history.isError}
      pageSize={PAGE_SIZE}
      getRowId={(row) => row.id}
      emptyMessage={search.trim() === '' ? 'No deposits yet' : 'No deposits match your search'}
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
