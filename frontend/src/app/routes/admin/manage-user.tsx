import { useParams } from 'react-router-dom';

import { ManageUser } from '../../../features/admin-user-management/components/manage-user.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const { id = '' } = useParams();
  const readOnly = useIsAuditor();
  return <ManageUser key={id} userId={id} readOnly={readOnly} />;
}
