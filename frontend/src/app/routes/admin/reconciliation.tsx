import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '../../../config/env.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';
import { useReconciliations } from '../../../features/admin-reconciliation/api/get-reconciliations.js';
import { ReconciliationEntry } from '../../../features/admin-reconciliation/components/reconciliation-entry.js';
import {
  OpenDifferences,
  ReconciliationList,
} from '../../../features/admin-reconciliation/components/reconciliation-list.js';
import { serverMessage } from '../../../lib/toasts.js';

/** The daily client money reconciliation: held balances against the journal; auditors read only. */
export function Component() {
  const readOnly = useIsAuditor();
  const reconciliations = useReconciliations();
  return (
    <Stack spacing={3}>
      <title>{`Reconciliation | ${env.PRODUCT_NAME}`}</title>
      <div>
        <Typography variant="h4" component="h1">
          Reconciliation
        </Typography>
        <Typography color="text.secondary">
          Each business day, the balances held per payment method against the journal&apos;s custody and what
          the members are owed.
        </Typography>
      </div>
      {reconciliations.isError && (
        <Alert severity="error">
          {serverMessage(reconciliations.error, 'Could not load the reconciliations')}
        </Alert>
      )}
      {reconciliations.isPending && (
        <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      )}
      {reconciliations.data && (
        <>
          <OpenDifferences count={reconciliations.data.open_differences} />
          {!readOnly && <ReconciliationEntry methods={reconciliations.data.payment_methods} />}
          <ReconciliationList reconciliations={reconciliations.data.reconciliations} readOnly={readOnly} />
        </>
      )}
    </Stack>
  );
}
