import { formatUsd } from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { useRunningInvestments, type RunningInvestment } from '../api/get-running-investments.js';
import { formatDate } from './format.js';

const columns: DataTableColumn<RunningInvestment>[] = [
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

/** The member's running investments, the first to mature first. */
export function RunningInvestments({ userId }: { userId: string }) {
  const investments = useRunningInvestments(userId);
  return (
    <Box component="section" aria-labelledby="running-investments">
      <Typography id="running-investments" variant="h6" component="h2" sx={{ mb: 2 }}>
        Running investments
      </Typography>
      <DataTable
        label="Running investments of this member"
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
