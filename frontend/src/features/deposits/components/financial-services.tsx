import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { paths } from '../../../config/paths.js';

export function FinancialServices() {
  return (
    <Stack spacing={3}>
      <Link href={paths.dashboard.path} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        Back to Dashboard
      </Link>
      <Typography variant="h4" component="h1">
        Financial Service
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography sx={{ mb: 3 }}>
          You can invest in various financial services. The interest differs per service: each plan states its
          return for its term.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" size="large" href={paths.dashboard.realEstate.path}>
            Real Estate Plans
          </Button>
          <Button variant="contained" size="large" href={paths.dashboard.crypto.path}>
            Crypto Plans
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
