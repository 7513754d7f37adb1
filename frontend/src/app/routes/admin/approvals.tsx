import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { ApprovalsTable } from '../../../features/admin-approvals/components/approvals-table.js';
import { useIsAuditor, useStaffId } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const readOnly = useIsAuditor();
  const staffId = useStaffId();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Approvals
        </Typography>
        <Typography color="text.secondary">
          Actions on money that one admin proposed and another must approve or reject.
        </Typography>
      </div>
      <ApprovalsTable staffId={staffId} readOnly={readOnly} />
    </Stack>
  );
}
