import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.js';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <ForgotPasswordForm
      kind="user"
      title="Forgot Password"
      loginHref={paths.auth.login.path}
      onSent={() => void navigate(paths.auth.login.path)}
    />
  );
}

export function AdminForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <ForgotPasswordForm
      kind="admin"
      title="Admin Forgot Password"
      loginHref={paths.auth.adminLogin.path}
      onSent={() => void navigate(paths.auth.adminLogin.path)}
    />
  );
}
