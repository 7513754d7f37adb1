import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';
import { readReturnTo } from '../../../lib/return-to.js';

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginForm
      onLoggedIn={() => void navigate(readReturnTo(location.state, paths.dashboard.path))}
      onVerificationRequired={() => void navigate(paths.auth.verify.path)}
    />
  );
}
