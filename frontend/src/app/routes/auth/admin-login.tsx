import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { AdminLoginForm } from '../../../features/auth/components/admin-login-form.js';

export function AdminLoginRoute() {
  const navigate = useNavigate();
  return <AdminLoginForm onLoggedIn={() => void navigate(paths.adminDashboard.path)} />;
}
