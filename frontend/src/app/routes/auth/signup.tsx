import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { SignupForm } from '../../../features/auth/components/signup-form.js';

export function SignupRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <SignupForm
      referralCode={searchParams.get('ref') ?? ''}
      onSignedUp={() => void navigate(paths.auth.verify.path)}
    />
  );
}
