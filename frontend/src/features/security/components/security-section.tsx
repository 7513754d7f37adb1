import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type SecuritySectionProps = {
  title: string;
  /** Next to the title: whether it is on. */
  status?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

/** One part of the security screen, a region named by its heading. */
export function SecuritySection({ title, status, description, children }: SecuritySectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {status}
      </Stack>
      {description && <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>}
      {children}
    </Paper>
  );
}
