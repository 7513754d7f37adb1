import { PlansManager } from '../../../features/admin-catalog/components/plans-manager.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const readOnly = useIsAuditor();
  return <PlansManager readOnly={readOnly} />;
}
