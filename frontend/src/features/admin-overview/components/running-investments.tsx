import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import type { DataTableColumn } from '../../../components/ui/data-table.js';
import { RunningInvestmentsTable } from '../../../components/ui/running-investments-table.js';
import { paths } from '../../../config/paths.js';
import { useRunningInvestments, type MemberInvestment } from '../api/get-running-investments.js';

const memberColumns: DataTableColumn<MemberInvestment>[] = [
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
      <RunningInvestmentsTable
        label="Running investments of every member"
        investments={investments}
        leadingColumns={memberColumns}
      />
    </Box>
  );
}
