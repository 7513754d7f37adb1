import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { counted } from '../../../lib/account-events.js';
import { formatMoment } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { statementCsvUrl, useStatement } from '../api/get-statement.js';
import { BalanceCards } from './balance-cards.js';
import { StatementFingerprint } from './statement-fingerprint.js';
import { StatementLinesTable } from './statement-lines-table.js';

/** The member's statement up to `asOf` (or now): balances, fingerprint and events. */
export function Statement({ asOf }: { asOf: string | undefined }) {
  const statement = useStatement(asOf);

  if (statement.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void statement.refetch()}>
            Try again
          </Button>
        }
      >
        {serverMessage(statement.error, 'Your statement could not be loaded.')}
      </Alert>
    );
  }

  const data = statement.data;
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Balances
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} aria-live="polite">
        {data ? `As of ${formatMoment(data.as_of)}, after ${counted(data.events, 'event')}.` : 'Loading...'}
      </Typography>
      <BalanceCards balances={data?.balances} />
      {data && <StatementFingerprint headHash={data.head_hash} lastLine={data.lines.at(-1)} />}
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Events
      </Typography>
      <StatementLinesTable
        lines={data?.lines}
        isLoading={statement.isPending}
        // The statement's own moment, so the file matches the screen even when it was made "now".
        csvUrl={data && statementCsvUrl(data.as_of)}
        emptyMessage={asOf ? 'No account events up to this moment.' : 'No account events yet.'}
      />
    </>
  );
}
