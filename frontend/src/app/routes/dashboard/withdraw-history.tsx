import Typography from '@mui/material/Typography';

import { WithdrawalHistoryTable } from '../../../features/member-account/components/withdrawal-history-table.js';

export function Component() {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Withdraw History
      </Typography>
      <WithdrawalHistoryTable />
    </>
  );
}
