import { useCallback, useDeferredValue, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';

import { AppShell } from '../../../components/layout/app-shell.js';
import { paths } from '../../../config/paths.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { useLogoutMember } from '../../../features/member-account/api/logout-member.js';
import { memberNavigation } from '../../../features/member-account/member-navigation.js';
import { ApiError } from '../../../lib/api-client.js';
import { returnToState } from '../../../lib/return-to.js';

export function Component() {
  const profile = useMemberProfile();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogoutMember({ leave: () => navigate(paths.home.path) });
  const { mutate } = logout;
  const logOut = useCallback(() => mutate(), [mutate]);
  const groups = useMemo(() => memberNavigation(logOut), [logOut]);
  // The name renders in the background once the profile arrives; the shell is memoized (see useShownQuery).
  const firstName = useDeferredValue(profile.data?.first_name);

  if (profile.error instanceof ApiError && [401, 403].includes(profile.error.status)) {
    return <Navigate to={paths.auth.login.path} state={returnToState(location)} replace />;
  }
  return (
    <AppShell
      label="Member"
      homeHref={paths.dashboard.path}
      groups={groups}
      sidebarHiddenBelow={650}
      menuClosesAt={768}
      firstName={firstName}
      onLogout={logOut}
      loggingOut={logout.isPending}
    />
  );
}
