import { formatUsd } from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { paths } from '../../../config/paths.js';
import { useRunningInvestments, type MemberInvestment } from '../api/get-running-investments.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const columns: DataTableColumn<MemberInvestment>[] = [
  {
    id: 'member',
    header: 'Member',
    accessorFn: (investment) => investment.user.name,
    cell: ({ row }) => (
      <Link href={paths.adminDashboard.manageUser.getHref(row.original.user.id)}>
        {row.original.user.name || 'Closed account'}
      </Link>
    ),
  },
  {
    id: 'plan',
    header: 'Plan',
    accessorFn: (investment) =>
      `${investment.plan_name} (${investment.percentage}% over ${investment.term_days} days)`,
  },
  { id: 'principal', header: 'Principal', accessorFn: (investment) => formatUsd(investment.principal) },
  { id: 'start', header: 'Start', accessorFn: (investment) => formatDate(investment.startedAt) },
  { id: 'end', header: 'End', accessorFn: (investment) => formatDate(investment.maturesAt) },
  { id: 'accrued', header: 'Accrued so far', accessorFn: (investment) => formatUsd(investment.accrued) },
];

/** Every member's running investments, the first to mature first; a member's name opens Manage User. */
export function RunningInvestments() {
  const titleId = useId();
  const investments = useRunningInvestments();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Running investments
      </Typography>
      <DataTable
        label="Running investments of every member"
        columns={columns}
        rows={investments.data}
        isLoading={investments.isPending}
        isError={investments.isError}
        getRowId={(investment) => investment.id}
        searchable={false}
        emptyMessage="No running investments"
      />
    </Box>
  );
}
