import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RuleIcon from '@mui/icons-material/Rule';
import SecurityIcon from '@mui/icons-material/Security';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';

import { AppShell, type ShellNavGroup } from '../../../components/layout/app-shell.js';
import { paths } from '../../../config/paths.js';
import { useLogoutAdmin } from '../../../features/admin-session/api/logout-admin.js';
import { useAdminSessionExpiry } from '../../../features/admin-session/hooks/use-admin-session-expiry.js';
import {
  isSetupRefusal,
  useSetupRefusals,
} from '../../../features/admin-session/hooks/use-setup-refusals.js';
import { useAdminProfile } from '../../../api/admin-profile.js';
import { useApprovalSummary } from '../../../api/approvals.js';
import { useSecurityOverview } from '../../../api/security.js';
import { ApiError } from '../../../lib/api-client.js';
import { returnToState } from '../../../lib/return-to.js';

const admin = paths.adminDashboard;
/** The sidebar; `pending` is the number of proposals awaiting a second admin. */
const adminNavigation = (pending: number | undefined): ShellNavGroup[] => [
  {
    items: [
      { label: 'Dashboard', href: admin.path, end: true, icon: <DashboardIcon fontSize="small" /> },
      { label: 'Transaction', href: admin.transactions.path, icon: <ReceiptLongIcon fontSize="small" /> },
      {
        label: 'Approvals',
        href: admin.approvals.path,
        icon: <HowToRegIcon fontSize="small" />,
        count: pending,
      },
      { label: 'All User', href: admin.users.path, icon: <PeopleIcon fontSize="small" /> },
      { label: 'Plans', href: admin.plans.path, icon: <Inventory2Icon fontSize="small" /> },
      { label: 'Payment Methods', href: admin.paymentMethods.path, icon: <PaymentsIcon fontSize="small" /> },
      { label: 'Audit', href: admin.audit.path, icon: <FactCheckIcon fontSize="small" /> },
      { label: 'Books', href: admin.books.path, icon: <AccountBalanceIcon fontSize="small" /> },
      {
        label: 'Reconciliation',
        href: admin.reconciliation.path,
        icon: <RuleIcon fontSize="small" />,
      },
      { label: 'Security', href: admin.security.path, icon: <SecurityIcon fontSize="small" /> },
    ],
  },
];

export function Component() {
  useAdminSessionExpiry();
  useSetupRefusals();
  const profile = useAdminProfile();
  const security = useSecurityOverview('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogoutAdmin({ leave: () => navigate(paths.auth.adminLogin.path) });
  const onSecurityScreen = location.pathname === admin.security.path;
  // Staff without a second factor may only set one up.
  const setupRequired =
    (security.data?.required === true && !security.data.enabled) || isSetupRefusal(profile.error);
  // Like the screens, the count waits for the setup check: staff without a second factor may call nothing else.
  const approvals = useApprovalSummary({
    enabled: profile.data !== undefined && !security.isPending && !setupRequired,
  });

  if (
    profile.error instanceof ApiError &&
    [401, 403].includes(profile.error.status) &&
    !isSetupRefusal(profile.error)
  ) {
    return <Navigate to={paths.auth.adminLogin.path} state={returnToState(location)} replace />;
  }
  if (setupRequired && !onSecurityScreen) return <Navigate to={admin.security.path} replace />;
  // Screens wait for the security overview too, so none calls the API before the setup check.
  const ready = (profile.data !== undefined && !security.isPending) || (setupRequired && onSecurityScreen);
  return (
    <AppShell
      label="Admin"
      homeHref={admin.path}
      groups={adminNavigation(approvals.data?.pending)}
      sidebarHiddenBelow={768}
      menuClosesAt={768}
      firstName={profile.data?.first_name}
      badge={
        profile.data?.role === 'auditor' ? (
          <Chip label="Auditor (read-only)" size="small" color="secondary" variant="outlined" />
        ) : undefined
      }
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      {/* Screens render once the role is known, so an auditor never sees an action button flash up. */}
      {ready ? (
        <Outlet />
      ) : profile.isError ? (
        <Alert severity="error">{profile.error.message}</Alert>
      ) : (
        <Box role="status" aria-label="Loading" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      )}
    </AppShell>
  );
}
