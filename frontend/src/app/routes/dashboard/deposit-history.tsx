import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { DepositHistoryTable } from '../../../features/member-account/components/deposit-history-table.js';

export function Component() {
  return (
    <>
      <title>{`Deposit History | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Deposit History
      </Typography>
      <DepositHistoryTable />
    </>
  );
}
