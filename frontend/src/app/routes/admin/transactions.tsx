import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { TransactionsTable } from '../../../features/admin-transactions/components/transactions-table.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const readOnly = useIsAuditor();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Transactions
      </Typography>
      <TransactionsTable readOnly={readOnly} />
    </Stack>
  );
}
