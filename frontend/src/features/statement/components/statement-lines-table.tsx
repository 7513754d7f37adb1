import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { StatementLine } from '@ledgerstone/contracts';
// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';
import { useMemo } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { HashText } from '../../../components/ui/hash-text.js';
import { eventLabel } from '../../../lib/account-events.js';
import { changeColor, formatChange } from '../../../lib/change-format.js';
import { formatDateTime } from '../../../lib/date-time.js';

const FINGERPRINT_SHOWN = 10;
const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: DataTableColumn<StatementLine>[] = [
  {
    id: 'date',
    header: 'Date',
    accessorFn: (row) => formatDateTime(row.recorded_at),
    cell: ({ getValue }) => <span style={nowrap}>{String(getValue())}</span>,
  },
  { id: 'event', header: 'Event', accessorFn: (row) => eventLabel(row.type, row.bucket) },
  { id: 'amount', header: 'Amount', accessorFn: (row) => formatUsd(row.amount) },
  {
    id: 'change',
    header: 'Change',
    accessorFn: (row) => formatChange(row.change),
    cell: ({ row, getValue }) => (
      <Typography
        component="span"
        variant="body2"
        sx={{ ...nowrap, color: changeColor(row.original.change) }}
      >
        {String(getValue())}
      </Typography>
    ),
  },
  {
    id: 'reason',
    header: 'Reason',
    accessorFn: (row) => row.reason ?? '',
    cell: ({ getValue }) => (
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {String(getValue()) || '—'}
      </Typography>
    ),
  },
  { id: 'total', header: 'Total after', accessorFn: (row) => formatUsd(row.balances.total) },
  { id: 'available', header: 'Available after', accessorFn: (row) => formatUsd(row.balances.available) },
  {
    id: 'fingerprint',
    header: 'Fingerprint',
    // The whole hash, so a search finds an event by the fingerprint kept from an earlier statement.
    accessorFn: (row) => row.hash,
    cell: ({ row }) => <HashText value={row.original.hash} shown={FINGERPRINT_SHOWN} />,
  },
];

type StatementLinesTableProps = {
  lines: StatementLine[] | undefined;
  isLoading: boolean;
  csvUrl: string | undefined;
  emptyMessage: string;
};

/** The statement's events, newest first, each with the balances right after it; and its CSV. */
export function StatementLinesTable({ lines, isLoading, csvUrl, emptyMessage }: StatementLinesTableProps) {
  const rows = useMemo(() => lines && [...lines].sort((a, b) => b.position - a.position), [lines]);
  return (
    <DataTable
      label="Statement events"
      columns={columns}
      rows={rows}
      isLoading={isLoading}
      isError={false}
      pageSize={20}
      getRowId={(row) => row.id}
      emptyMessage={emptyMessage}
      searchPlaceholder="Search events"
      toolbar={
        csvUrl && (
          <Button
            component="a"
            variant="outlined"
            href={csvUrl}
            download
            startIcon={<DownloadIcon aria-hidden />}
          >
            Download CSV
          </Button>
        )
      }
    />
  );
}
