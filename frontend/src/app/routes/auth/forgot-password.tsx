import { Island } from '../../../components/ui/island.js';
import { ForgotPasswordScreen } from './forgot-password-screen.js';

/** Pre-rendered, the member's form is an island of its page: hydrated without the app's router (see islands.tsx). */
export function ForgotPasswordRoute() {
  return <Island name="forgot-password" component={ForgotPasswordScreen} props={{ kind: 'user' }} />;
}

export function AdminForgotPasswordRoute() {
  return <ForgotPasswordScreen kind="admin" />;
}
