import { UpdatePassword } from '../../../features/member-settings/components/update-password.js';

export function Component() {
  return <UpdatePassword />;
}
