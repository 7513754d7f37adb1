import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';
import { readReturnTo } from '../../../lib/return-to.js';

export function LoginScreen() {
  const { goTo, state } = usePageNavigation();
  return (
    <LoginForm
      onLoggedIn={() => goTo(readReturnTo(state, paths.dashboard.path))}
      onVerificationRequired={() => goTo(paths.auth.verify.path)}
    />
  );
}
