import { Island } from '../../../components/ui/island.js';
import { LoginScreen } from './login-screen.js';

/** Pre-rendered, the login is an island of its page: hydrated without the app's router (see islands.tsx). */
export function LoginRoute() {
  return <Island name="login" component={LoginScreen} props={{}} />;
}
