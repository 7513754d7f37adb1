import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

import { DataTable } from '../../../components/ui/data-table.js';
import type { SearchedPage } from '../../../lib/searched-page-query.js';
import { historyColumns, type HistoryRow } from './history-columns.js';

type HistoryPage<TRow> = { data: TRow[]; total: number };

type HistoryTableProps<TRow> = {
  label: string;
  /** "deposits" or "withdrawals", as the empty table names them. */
  noun: string;
  pageSize: number;
  useHistory: (params: SearchedPage) => UseQueryResult<HistoryPage<TRow>>;
};

/** A member's deposit or withdrawal history: the server pages and searches it, newest first. */
export function HistoryTable<TRow extends HistoryRow & { id: string }>({
  label,
  noun,
  pageSize,
  useHistory,
}: HistoryTableProps<TRow>) {
  const [columns] = useState(historyColumns<TRow>);
  const [pageIndex, setPageIndex] = useState(0);
  const [search, setSearch] = useState('');
  const history = useHistory({ page: pageIndex + 1, pageSize, search });
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={history.data?.data}
      isLoading={history.isPending}
      isError={history.isError}
      pageSize={pageSize}
      getRowId={(row) => row.id}
      emptyMessage={search.trim() === '' ? `No ${noun} yet` : `No ${noun} match your search`}
      searchPlaceholder="Amount, method or status"
      serverPaging={{
        pageIndex,
        pageCount: Math.ceil((history.data?.total ?? 0) / pageSize),
        onPageChange: setPageIndex,
        search,
        onSearchChange: setSearch,
      }}
    />
  );
}
