import { formatUsd, type AdminDailyTotals } from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';

import { useAdminDailyTotals } from '../api/get-admin-daily-totals.js';
import { formatDay } from './day-label.js';
import { LoadError } from './load-error.js';

const DailyTotalsBars = lazy(async () => ({
  default: (await import('./daily-totals-bars.js')).DailyTotalsBars,
}));

const DAYS = 30;
const TITLE = `Deposits and withdrawals per day, last ${DAYS} days`;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: -1,
} as const;

type Day = AdminDailyTotals['data'][number];

function FiguresTable({ days }: { days: Day[] }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{TITLE}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Deposits</th>
          <th scope="col">Withdrawals</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatDay(day.date)}</th>
            <td>{formatUsd(day.deposits)}</td>
            <td>{formatUsd(day.withdrawals)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

export function DailyTotalsChart() {
  const titleId = useId();
  const daily = useAdminDailyTotals(DAYS);
  const days = daily.data?.data;

  let body;
  if (daily.isError) body = <LoadError message={daily.error.message} />;
  else if (!days) body = <Typography>Loading...</Typography>;
  else
    body = (
      <>
        {/* The picture is named as one image; its figures follow as a table for screen readers. */}
        <Box role="img" aria-label={TITLE}>
          <Suspense fallback={<Box sx={{ height: 300 }} />}>
            <DailyTotalsBars days={days} />
          </Suspense>
        </Box>
        <FiguresTable days={days} />
      </>
    );

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: 2, position: 'relative' }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {TITLE}
      </Typography>
      {body}
    </Paper>
  );
}
