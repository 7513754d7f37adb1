import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { UsersTable } from '../../../features/admin-users/components/users-table.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const readOnly = useIsAuditor();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        All User
      </Typography>
      <UsersTable readOnly={readOnly} />
    </Stack>
  );
}
