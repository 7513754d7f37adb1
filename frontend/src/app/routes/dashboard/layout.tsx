import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { useMemberProfile } from '../../../features/auth/api/get-member-profile.js';
import { ApiError } from '../../../lib/api-client.js';
import { returnToState } from '../../../lib/return-to.js';

export function Component() {
  const profile = useMemberProfile();
  const location = useLocation();
  if (profile.error instanceof ApiError && [401, 403].includes(profile.error.status)) {
    return <Navigate to={paths.auth.login.path} state={returnToState(location)} replace />;
  }
  return <Outlet />;
}
