import Chip from '@mui/material/Chip';

const colours = {
  pending: 'warning',
  completed: 'success',
  paid: 'success',
  rejected: 'error',
} as const;

type Status = keyof typeof colours;

export function StatusChip({ status }: { status: Status }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colours[status]}
      label={status.charAt(0).toUpperCase() + status.slice(1)}
    />
  );
}
