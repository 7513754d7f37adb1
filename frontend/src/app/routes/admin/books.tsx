import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { ClosedPeriods, ClosePeriodForm } from '../../../features/admin-books/components/closed-periods.js';
import { TrialBalance } from '../../../features/admin-books/components/trial-balance.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

/** The platform's double-entry books and their closed periods; auditors read, admins close. */
export function Component() {
  const readOnly = useIsAuditor();
  return (
    <Stack spacing={3}>
      <title>{`Books | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1">
        Books
      </Typography>
      <TrialBalance />
      <Typography variant="h5" component="h2">
        Closed periods
      </Typography>
      {!readOnly && <ClosePeriodForm />}
      <ClosedPeriods />
    </Stack>
  );
}
