import { paths } from '../../../config/paths.js';
import type { AccountKind } from '../../../features/auth/api/account-kind.js';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';

const screens = {
  user: { title: 'Forgot Password', loginPath: paths.auth.login.path },
  admin: { title: 'Admin Forgot Password', loginPath: paths.auth.adminLogin.path },
};

/** "Forgot Password" of members or staff: once the link is sent, back to their login. */
export function ForgotPasswordScreen({ kind }: { kind: AccountKind }) {
  const { goTo } = usePageNavigation();
  const { title, loginPath } = screens[kind];
  return (
    <ForgotPasswordForm kind={kind} title={title} loginHref={loginPath} onSent={() => goTo(loginPath)} />
  );
}
