import Button from '@mui/material/Button';

import { PageHeader } from '../../components/layout/page-header.js';
import { paths } from '../../config/paths.js';

export function NotFoundRoute() {
  return (
    <PageHeader
      title="404 - Page Not Found"
      summary="The page you are looking for does not exist or has moved."
    >
      <Button variant="contained" size="large" href={paths.home.path} sx={{ mt: 4 }}>
        Back to home
      </Button>
    </PageHeader>
  );
}
