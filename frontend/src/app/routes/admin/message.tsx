import { useParams } from 'react-router-dom';

import { SendMessageForm } from '../../../features/admin-messages/components/send-message-form.js';
import { useIsAuditor } from '../../../features/admin-session/hooks/use-staff-role.js';

export function Component() {
  const { id = '' } = useParams();
  const readOnly = useIsAuditor();
  return <SendMessageForm key={id} userId={id} readOnly={readOnly} />;
}
