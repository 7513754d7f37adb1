import { PaymentMethodsManager } from '../../../features/admin-catalog/components/payment-methods-manager.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const readOnly = useIsAuditor();
  return <PaymentMethodsManager readOnly={readOnly} />;
}
