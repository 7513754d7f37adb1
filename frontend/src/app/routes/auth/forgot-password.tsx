import { Island } from '../../../components/ui/island.js';
import { paths } from '../../../config/paths.js';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';
import { ForgotPasswordScreen } from './forgot-password-screen.js';

/** Pre-rendered, the member's form is an island of its page: hydrated without the app's router (see islands.tsx). */
export function ForgotPasswordRoute() {
  return <Island name="forgot-password" component={ForgotPasswordScreen} props={{}} />;
}

export function AdminForgotPasswordRoute() {
  const { goTo } = usePageNavigation();
  return (
    <ForgotPasswordForm
      kind="admin"
      title="Admin Forgot Password"
      loginHref={paths.auth.adminLogin.path}
      onSent={() => goTo(paths.auth.adminLogin.path)}
    />
  );
}
