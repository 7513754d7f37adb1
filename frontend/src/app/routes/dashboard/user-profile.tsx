import { UserProfile } from '../../../features/member-settings/components/user-profile.js';

export function Component() {
  return <UserProfile />;
}
