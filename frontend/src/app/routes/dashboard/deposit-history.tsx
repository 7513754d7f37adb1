import Typography from '@mui/material/Typography';

import { DepositHistoryTable } from '../../../features/member-account/components/deposit-history-table.js';

export function Component() {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Deposit History
      </Typography>
      <DepositHistoryTable />
    </>
  );
}
