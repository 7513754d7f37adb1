import { PaymentMethodsManager } from '../../../features/admin-catalog/components/payment-methods-manager.js';
import { useAdminProfile } from '../../../features/auth/api/get-admin-profile.js';

export function Component() {
  // Until the profile answers, nobody gets actions: an auditor must never see them.
  const readOnly = useAdminProfile().data?.role !== 'admin';
  return <PaymentMethodsManager readOnly={readOnly} />;
}
