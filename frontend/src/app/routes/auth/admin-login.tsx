import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { AdminLoginForm } from '../../../features/auth/components/admin-login-form.js';
import { readReturnTo } from '../../../lib/return-to.js';

export function AdminLoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AdminLoginForm
      onLoggedIn={() => void navigate(readReturnTo(location.state, paths.adminDashboard.path))}
      onSetupRequired={() => void navigate(paths.adminDashboard.security.path)}
    />
  );
}
