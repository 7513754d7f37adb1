import { formatUsd, type AdminDailyTotals } from '@ledgerstone/contracts';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

import { formatDay } from './day-label.js';

/** The chart library is big: only this file imports it, and the overview loads it after its figures. */
export function DailyTotalsBars({ days }: { days: AdminDailyTotals['data'] }) {
  const { palette } = useTheme();
  return (
    <BarChart
      height={300}
      // Bar heights only: every figure shown as text comes from the exact decimal strings.
      dataset={days.map((day) => ({
        date: day.date,
        deposits: Number(day.deposits),
        withdrawals: Number(day.withdrawals),
      }))}
      xAxis={[{ scaleType: 'band', dataKey: 'date', valueFormatter: formatDay }]}
      yAxis={[{ width: 70, valueFormatter: (value: number) => `$${value.toLocaleString('en-US')}` }]}
      series={[
        {
          dataKey: 'deposits',
          label: 'Deposits',
          color: palette.success.main,
          valueFormatter: (_value, { dataIndex }) => formatUsd(days[dataIndex]?.deposits ?? '0'),
        },
        {
          dataKey: 'withdrawals',
          label: 'Withdrawals',
          color: palette.warning.main,
          valueFormatter: (_value, { dataIndex }) => formatUsd(days[dataIndex]?.withdrawals ?? '0'),
        },
      ]}
    />
  );
}
