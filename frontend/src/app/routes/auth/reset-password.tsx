import { useNavigate, useParams } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.js';

export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const { token = '' } = useParams();
  return (
    <ResetPasswordForm
      kind="user"
      token={token}
      title="Reset Password"
      loginHref={paths.auth.login.path}
      onReset={() => void navigate(paths.auth.login.path)}
    />
  );
}

export function AdminResetPasswordRoute() {
  const navigate = useNavigate();
  const { token = '' } = useParams();
  return (
    <ResetPasswordForm
      kind="admin"
      token={token}
      title="Reset Admin Password"
      loginHref={paths.auth.adminLogin.path}
      onReset={() => void navigate(paths.auth.adminLogin.path)}
    />
  );
}
