import { SecurityScreen } from '../../../features/security/components/security-screen.js';

export function Component() {
  return <SecurityScreen audience="user" />;
}
