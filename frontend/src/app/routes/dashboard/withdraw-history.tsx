import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { WithdrawalHistoryTable } from '../../../features/member-account/components/withdrawal-history-table.js';

export function Component() {
  return (
    <>
      <title>{`Withdraw History | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Withdraw History
      </Typography>
      <WithdrawalHistoryTable />
    </>
  );
}
