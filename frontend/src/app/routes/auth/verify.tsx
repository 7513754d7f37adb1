import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { VerifyForm } from '../../../features/auth/components/verify-form.js';

export function VerifyRoute() {
  const navigate = useNavigate();
  return <VerifyForm onVerified={() => void navigate(paths.auth.login.path)} />;
}
