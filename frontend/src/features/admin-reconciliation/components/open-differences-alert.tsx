import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';

import { paths } from '../../../config/paths.js';
import { RouterLink } from '../../../components/ui/router-link.js';
import { useReconciliations } from '../api/get-reconciliations.js';

/** A difference found by a reconciliation is to be resolved the same day: the overview says so while one is open. */
export function OpenDifferencesAlert() {
  const reconciliations = useReconciliations();
  const count = reconciliations.data?.open_differences ?? 0;
  if (count === 0) return null;
  return (
    <Alert severity="warning">
      {count === 1 ? 'One reconciliation has' : `${count} reconciliations have`} an open difference.{' '}
      <Link
        component={RouterLink}
        href={paths.adminDashboard.reconciliation.path}
        color="inherit"
        underline="always"
      >
        Resolve it on the Reconciliation screen
      </Link>
      .
    </Alert>
  );
}
