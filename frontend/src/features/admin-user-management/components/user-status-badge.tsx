import type { AdminUser } from '../api/get-admin-user.js';
import Chip from '@mui/material/Chip';

const STATUS = {
  active: { label: 'Active', color: 'success' },
  unverified: { label: 'Unverified', color: 'default' },
  closed: { label: 'Closed', color: 'error' },
} as const;

export function UserStatusBadge({ status }: { status: AdminUser['status'] }) {
  const { label, color } = STATUS[status];
  return <Chip label={label} color={color} size="small" />;
}
