import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { TrialBalance } from '../../../features/admin-books/components/trial-balance.js';

/** The platform's double-entry books: reading only, for auditors too. */
export function Component() {
  return (
    <Stack spacing={3}>
      <title>{`Books | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1">
        Books
      </Typography>
      <TrialBalance />
    </Stack>
  );
}
