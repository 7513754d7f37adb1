import type { RunningInvestments } from '@ledgerstone/contracts';
// The money format alone: the contracts' index would bring zod along.
import { formatUsd } from '@ledgerstone/contracts/money-format';
import { useMemo } from 'react';

import { formatDate } from '../../lib/date-time.js';

import { DataTable, type DataTableColumn } from './data-table.js';

export type RunningInvestment = RunningInvestments['data'][number];

function termColumns<TRow extends RunningInvestment>(): DataTableColumn<TRow>[] {
  return [
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
}

type RunningInvestmentsTableProps<TRow extends RunningInvestment> = {
  /** Names the table for assistive technology. */
  label: string;
  /** The query that reads the investments. */
  investments: { data: TRow[] | undefined; isPending: boolean; isError: boolean };
  /** Columns before the plan's, such as the member's. Pass a constant: new columns rebuild the rows. */
  leadingColumns?: DataTableColumn<TRow>[];
};

const NO_COLUMNS: never[] = [];

/** Running investments as staff see them: plan and terms, principal, start, end and the profit accrued so far. */
export function RunningInvestmentsTable<TRow extends RunningInvestment>({
  label,
  investments,
  leadingColumns = NO_COLUMNS,
}: RunningInvestmentsTableProps<TRow>) {
  const columns = useMemo(() => [...leadingColumns, ...termColumns<TRow>()], [leadingColumns]);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={investments.data}
      isLoading={investments.isPending}
      isError={investments.isError}
      getRowId={(investment) => investment.id}
      searchable={false}
      emptyMessage="No running investments"
    />
  );
}
