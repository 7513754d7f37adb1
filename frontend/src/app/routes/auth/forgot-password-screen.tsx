import { paths } from '../../../config/paths.js';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';

export function ForgotPasswordScreen() {
  const { goTo } = usePageNavigation();
  return (
    <ForgotPasswordForm
      kind="user"
      title="Forgot Password"
      loginHref={paths.auth.login.path}
      onSent={() => goTo(paths.auth.login.path)}
    />
  );
}
