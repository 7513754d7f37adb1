import { paths } from '../../../config/paths.js';
import { SignupForm } from '../../../features/auth/components/signup-form.js';
import { usePageNavigation } from '../../../lib/page-navigation.js';

export function SignupScreen({ referralCode }: { referralCode: string }) {
  const { goTo } = usePageNavigation();
  return <SignupForm referralCode={referralCode} onSignedUp={() => goTo(paths.auth.verify.path)} />;
}
