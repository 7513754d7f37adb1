import Typography from '@mui/material/Typography';

import { useAdminProfile } from '../../../features/auth/api/get-admin-profile.js';

export function Component() {
  const profile = useAdminProfile();
  return (
    <>
      <Typography variant="h4" component="h1">
        Admin Dashboard
      </Typography>
      {profile.data && <Typography>Welcome, {profile.data.first_name}.</Typography>}
    </>
  );
}
