import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { ApprovalsOffAlert } from '../../../features/admin-overview/components/approvals-off-alert.js';
import { DailyTotalsChart } from '../../../features/admin-overview/components/daily-totals-chart.js';
import { LatestUsers } from '../../../features/admin-overview/components/latest-users.js';
import { OverviewCards } from '../../../features/admin-overview/components/overview-cards.js';
import { RunningInvestments } from '../../../features/admin-overview/components/running-investments.js';
import { OpenDifferencesAlert } from '../../../features/admin-reconciliation/components/open-differences-alert.js';
import { useAdminProfile } from '../../../api/admin-profile.js';

export function Component() {
  const profile = useAdminProfile();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Admin Dashboard
        </Typography>
        {profile.data && <Typography>Welcome, {profile.data.first_name}.</Typography>}
      </div>
      <ApprovalsOffAlert />
      <OpenDifferencesAlert />
      <OverviewCards />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <DailyTotalsChart />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <LatestUsers />
        </Grid>
      </Grid>
      <RunningInvestments />
    </Stack>
  );
}
