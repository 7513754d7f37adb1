import { formatUsd } from '@ledgerstone/contracts';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { useAdminTotals } from '../api/get-admin-totals.js';
import { LoadError } from './load-error.js';

function FigureCard({ title, value, detail }: { title: string; value: ReactNode; detail?: string }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography id={titleId} component="h2" variant="subtitle2" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 1, fontWeight: 600 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

export function OverviewCards() {
  const totals = useAdminTotals();
  if (totals.isError) return <LoadError message={totals.error.message} />;

  const figures = totals.data;
  const loading = 'Loading...';
  const pending = figures?.pending_deposits;
  const cards = [
    { title: 'Total user', value: figures ? count(figures.users) : loading },
    { title: 'Total Withdrawals', value: figures ? formatUsd(figures.total_withdrawals) : loading },
    { title: 'Total Deposit', value: figures ? formatUsd(figures.total_deposits) : loading },
    {
      title: 'Pending Deposits',
      value: pending ? formatUsd(pending.amount) : loading,
      detail: pending
        ? `${count(pending.count)} ${pending.count === 1 ? 'deposit' : 'deposits'} waiting`
        : undefined,
    },
    { title: 'Active user', value: figures ? count(figures.active_users) : loading },
  ];

  return (
    <Grid container spacing={2}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
          <FigureCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
