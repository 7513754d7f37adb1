import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { TransactionsExport } from '../../../features/admin-audit/components/transactions-export.js';
import { VerifyHistory } from '../../../features/admin-audit/components/verify-history.js';

/** The whole store's integrity check and the transactions export: reading only, for auditors too. */
export function Component() {
  return (
    <Stack spacing={3}>
      <title>{`Audit | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1">
        Audit
      </Typography>
      <VerifyHistory scope="store" />
      <Divider />
      <TransactionsExport />
    </Stack>
  );
}
