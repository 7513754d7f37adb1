import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { paths } from '../../../config/paths.js';

export function WithdrawChoice() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Withdraw
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Your balance can be withdrawn at any time. Profit cannot be withdrawn until the investment period is
        complete.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" href={paths.dashboard.withdrawProfit.path}>
          Profit
        </Button>
        <Button variant="outlined" size="large" href={paths.dashboard.withdrawBalance.path}>
          Balance
        </Button>
      </Stack>
    </Paper>
  );
}
