import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <LoginForm
      onLoggedIn={() => void navigate(paths.dashboard.path)}
      onVerificationRequired={() => void navigate(paths.auth.verify.path)}
    />
  );
}
