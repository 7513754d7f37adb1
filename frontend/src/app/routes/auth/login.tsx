import { Island } from '../../../components/ui/island.js';
import { paths } from '../../../config/paths.js';
import { LoginForm } from '../../../features/auth/components/login-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';
import { readReturnTo } from '../../../lib/return-to.js';

/** Pre-rendered, the login is an island of its page: hydrated without the app's router (see islands.tsx). */
export function LoginRoute() {
  return <Island name="login" component={LoginScreen} props={{}} />;
}

export function LoginScreen() {
  const { goTo, state } = usePageNavigation();
  return (
    <LoginForm
      onLoggedIn={() => goTo(readReturnTo(state, paths.dashboard.path))}
      onVerificationRequired={() => goTo(paths.auth.verify.path)}
    />
  );
}
