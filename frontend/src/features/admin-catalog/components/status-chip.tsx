import Chip from '@mui/material/Chip';

export function StatusChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} />;
}
