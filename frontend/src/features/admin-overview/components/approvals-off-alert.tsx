import Alert from '@mui/material/Alert';

import { useApprovalSummary } from '../../../api/approvals.js';

/** Four eyes are off: said plainly on the overview, since nothing else on it would show it. */
export function ApprovalsOffAlert() {
  const summary = useApprovalSummary();
  if (summary.data?.enabled !== false) return null;
  return (
    <Alert severity="warning">
      Approvals are off: one admin alone can move money. Set APPROVALS=on and add a second admin.
    </Alert>
  );
}
