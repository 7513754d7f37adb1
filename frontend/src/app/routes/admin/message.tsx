import { useParams } from 'react-router-dom';

import { SendMessageForm } from '../../../features/admin-messages/components/send-message-form.js';
import { useAdminProfile } from '../../../features/auth/api/get-admin-profile.js';

export function Component() {
  const { id = '' } = useParams();
  // Until the profile answers, nobody gets actions: an auditor must never see them.
  const readOnly = useAdminProfile().data?.role !== 'admin';
  return <SendMessageForm key={id} userId={id} readOnly={readOnly} />;
}
