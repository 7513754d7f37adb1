import { useSearchParams } from 'react-router-dom';

import { Island } from '../../../components/ui/island.js';
import { SignupScreen } from './signup-screen.js';

/**
 * Pre-rendered (a visit without a query string), the sign-up is an island of its page, hydrated without the
 * app's router (see islands.tsx); a referral link's ?ref= is read here, by the app.
 */
export function SignupRoute() {
  const [searchParams] = useSearchParams();
  return (
    <Island name="signup" component={SignupScreen} props={{ referralCode: searchParams.get('ref') ?? '' }} />
  );
}
