import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  filterFn_includesString,
  FlexRender,
  globalFilteringFeature,
  rowPaginationFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type PaginationState,
} from '@tanstack/react-table';
import { useId, useMemo, useState, type ReactNode } from 'react';

import { FETCH_ERROR_TEXT, LOADING_TEXT } from './status-text.js';

export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  filterFns: { includesString: filterFn_includesString },
});

export type DataTableColumn<TRow extends RowData> = ColumnDef<typeof dataTableFeatures, TRow>;

/** The server pages the rows: the table shows one page and asks for others through `onChange`. */
export type ServerPaging = {
  pageIndex: number;
  pageCount: number;
  onPageChange: (pageIndex: number) => void;
  /** Absent when the table is not searchable. */
  search?: string;
  onSearchChange?: (search: string) => void;
};

export type DataTableProps<TRow extends RowData> = {
  /** Names the table for assistive technology. */
  label: string;
  columns: DataTableColumn<TRow>[];
  rows: TRow[] | undefined;
  isLoading: boolean;
  isError: boolean;
  pageSize?: number;
  emptyMessage?: string;
  searchPlaceholder?: string;
  getRowId?: (row: TRow) => string;
  onRowClick?: (row: TRow) => void;
  /** False hides the search box, for lists the server cannot search. */
  searchable?: boolean;
  /** When set, searching and paging happen on the server; otherwise on the rows given. */
  serverPaging?: ServerPaging;
  toolbar?: ReactNode;
};

/**
 * The tables of the member and admin areas: a search box that goes back to page 1, Previous / Next,
 * "Showing X of Y" pages, and the loading, error and empty states.
 */
export function DataTable<TRow extends RowData>({
  label,
  columns,
  rows,
  isLoading,
  isError,
  pageSize = 10,
  emptyMessage = 'No data available',
  searchPlaceholder = 'Search',
  searchable = true,
  getRowId,
  onRowClick,
  serverPaging,
  toolbar,
}: DataTableProps<TRow>) {
  const searchId = useId();
  const [localSearch, setLocalSearch] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const search = serverPaging ? (serverPaging.search ?? '') : localSearch;
  // Rows cache their cell values: new columns (an accessor reading other state) need rows built afresh.
  const data = useMemo(() => [...(rows ?? [])], [rows, columns]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    globalFilterFn: 'includesString',
    state: {
      globalFilter: serverPaging ? '' : localSearch,
      pagination: serverPaging ? { pageIndex: 0, pageSize: rows?.length || pageSize } : pagination,
    },
    onPaginationChange: setPagination,
    autoResetPageIndex: false,
  });

  const onSearch = (value: string) => {
    if (serverPaging) {
      serverPaging.onSearchChange?.(value);
      serverPaging.onPageChange(0);
    } else {
      setLocalSearch(value);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    }
  };

  const pageIndex = serverPaging ? serverPaging.pageIndex : pagination.pageIndex;
  const pageCount = Math.max(1, serverPaging ? serverPaging.pageCount : table.getPageCount());
  const goTo = (index: number) => {
    if (serverPaging) serverPaging.onPageChange(index);
    else setPagination((current) => ({ ...current, pageIndex: index }));
  };
  const pageRows = table.getRowModel().rows;

  let status: ReactNode = null;
  if (isLoading) status = LOADING_TEXT;
  else if (isError) status = <span role="alert">{FETCH_ERROR_TEXT}</span>;
  else if (pageRows.length === 0) status = emptyMessage;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { md: 'center' } }}
      >
        {searchable && (
          <TextField
            id={searchId}
            size="small"
            type="search"
            label="Search"
            placeholder={searchPlaceholder}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            sx={{ minWidth: { md: 260 } }}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
      </Stack>
      {/* Focusable: on narrow screens the table scrolls sideways, and a keyboard must reach that too. */}
      <TableContainer tabIndex={0} role="region" aria-label={label}>
        {/* Narrower cell padding than MUI's 16px, so the staff tables fit beside the sidebar at 1280px. */}
        <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
          <TableHead>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <TableCell key={header.id} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {header.isPlaceholder ? null : <FlexRender header={header} />}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {status === null ? (
              pageRows.map((row) => (
                <TableRow
                  key={row.id}
                  hover={Boolean(onRowClick)}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id}>
                      <FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  sx={{ py: 4, color: 'text.secondary', textAlign: { xs: 'left', md: 'center' } }}
                >
                  {/* Where the table is wider than a phone, the message stays in view at its left edge. */}
                  <Box component="span" sx={{ display: 'inline-block', position: 'sticky', left: 0 }}>
                    {status}
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" sx={{ mr: 1 }} aria-live="polite">
          Showing {Math.min(pageIndex + 1, pageCount)} of {pageCount}
        </Typography>
        <Button variant="outlined" size="small" disabled={pageIndex <= 0} onClick={() => goTo(pageIndex - 1)}>
          Previous
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={pageIndex + 1 >= pageCount}
          onClick={() => goTo(pageIndex + 1)}
        >
          Next
        </Button>
      </Stack>
    </Paper>
  );
}
