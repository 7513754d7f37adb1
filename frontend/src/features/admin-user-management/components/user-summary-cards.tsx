import { formatUsd } from '@ledgerstone/contracts';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { AdminUser } from '../api/get-admin-user.js';
import { UserStatusBadge } from './user-status-badge.js';

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Grid>
  );
}

/** The figures Edit User Details sets: available, invested, and profit locked plus unlocked. */
export function UserSummaryCards({ user }: { user: AdminUser }) {
  const amount = (value: string) => (
    <Typography variant="h6" component="p">
      {formatUsd(value)}
    </Typography>
  );
  return (
    <Grid container spacing={2}>
      <SummaryCard title="Account Balance">{amount(user.buckets.available)}</SummaryCard>
      <SummaryCard title="Total Profit">{amount(user.total_balance)}</SummaryCard>
      <SummaryCard title="Total Investment">{amount(user.buckets.invested)}</SummaryCard>
      <SummaryCard title="Status">
        <UserStatusBadge status={user.status} />
      </SummaryCard>
    </Grid>
  );
}
