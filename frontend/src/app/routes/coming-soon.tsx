import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { PageHeader } from '../../components/layout/page-header.js';
import type { NavLink } from '../../components/layout/public-navigation.js';

type ComingSoonRouteProps = { title: string; summary: string; action?: NavLink };

/** A public page whose full content is still to come: its title, what it will hold, and a way on. */
export function ComingSoonRoute({ title, summary, action }: ComingSoonRouteProps) {
  return (
    <PageHeader title={title} summary={summary}>
      <Typography variant="body2" sx={{ color: 'text.disabled', mt: 3 }}>
        The full page is coming soon.
      </Typography>
      {action && (
        <Stack direction="row" sx={{ mt: 4 }}>
          <Button variant="contained" size="large" href={action.href}>
            {action.label}
          </Button>
        </Stack>
      )}
    </PageHeader>
  );
}
