import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { useAdminProfile } from '../../../features/auth/api/get-admin-profile.js';
import { useMemberProfile } from '../../../features/auth/api/get-member-profile.js';
import { ApiError } from '../../../lib/api-client.js';

type SignedInPlaceholderProps = {
  title: string;
  loginHref: string;
  profile: { isPending: boolean; error: Error | null; data?: { first_name: string } };
};

/** Where a login lands until the member and admin areas exist: who is signed in, or back to login. */
function SignedInPlaceholder({ title, loginHref, profile }: SignedInPlaceholderProps) {
  if (profile.error instanceof ApiError && [401, 403].includes(profile.error.status)) {
    return <Navigate to={loginHref} replace />;
  }
  return (
    <Container maxWidth="md" sx={{ pt: 16, pb: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {profile.isPending && <CircularProgress aria-label="Loading" />}
      {profile.data && <Typography>Welcome, {profile.data.first_name}.</Typography>}
      {profile.error && !profile.isPending && <Typography role="alert">{profile.error.message}</Typography>}
    </Container>
  );
}

export function DashboardRoute() {
  return (
    <SignedInPlaceholder title="Dashboard" loginHref={paths.auth.login.path} profile={useMemberProfile()} />
  );
}

export function AdminDashboardRoute() {
  return (
    <SignedInPlaceholder
      title="Admin Dashboard"
      loginHref={paths.auth.adminLogin.path}
      profile={useAdminProfile()}
    />
  );
}
