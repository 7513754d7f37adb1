import Typography from '@mui/material/Typography';

import { useMemberProfile } from '../../../features/auth/api/get-member-profile.js';

export function Component() {
  const profile = useMemberProfile();
  return (
    <>
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      {profile.data && <Typography>Welcome, {profile.data.first_name}.</Typography>}
    </>
  );
}
