import { formatUsd, type AccountBalances, type StatementLine } from '@ledgerstone/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';

import { DateTimeField } from '../../../components/form/date-time-field.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { HashText } from '../../../components/ui/hash-text.js';
import { balanceFields, balanceLabels, counted, eventLabel } from '../../../lib/account-events.js';
import { ApiError } from '../../../lib/api-client.js';
import { fromLocalInputValueEndOfMinute } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { statementCsvHref } from '../api/csv-downloads.js';
import { useMemberStatement } from '../api/get-member-statement.js';
import { formatDateTime } from './format.js';
import { InlineForm } from './inline-form.js';
import { Panel } from './panel.js';

const HASH_SHOWN = 12;

const lineColumns: DataTableColumn<StatementLine>[] = [
  { id: 'position', header: 'Position', accessorFn: (line) => String(line.position) },
  { id: 'recorded', header: 'Recorded', accessorFn: (line) => formatDateTime(line.recorded_at) },
  { id: 'type', header: 'Type', accessorFn: (line) => eventLabel(line.type, line.bucket) },
  { id: 'change', header: 'Change', accessorFn: (line) => formatUsd(line.change) },
  { id: 'total', header: 'Running total', accessorFn: (line) => formatUsd(line.balances.total) },
  {
    id: 'hash',
    header: 'Hash',
    cell: ({ row }) => <HashText value={row.original.hash} shown={HASH_SHOWN} />,
  },
];

function Balances({ balances }: { balances: AccountBalances }) {
  return (
    // The label sits on a wrapper: a role on the <dl> itself would take its terms and values out of the list.
    <Box role="group" aria-label="Balances">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 1.5,
          m: 0,
        }}
      >
        {balanceFields.map((field) => (
          <Paper key={field} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {balanceLabels[field]}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {formatUsd(balances[field])}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A member's balances at a moment, folded by the server from the account's events, with the events that make
 * them up and the hash of the last one: a later statement passing through that hash proves nothing before it
 * changed.
 */
export function BalanceAsOf({ userId }: { userId: string }) {
  const [moment, setMoment] = useState('');
  // null until "Show balance"; then the moment asked for (undefined is now).
  const [shown, setShown] = useState<{ asOf: string | undefined } | null>(null);
  const statement = useMemberStatement(userId, shown?.asOf, shown !== null);
  // Times show to the minute: as of 3:30 PM includes an event listed at 3:30 PM.
  const chosenAsOf = fromLocalInputValueEndOfMinute(moment);
  const asOfError = statement.error instanceof ApiError ? statement.error.fieldErrors.as_of : undefined;

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (shown && shown.asOf === chosenAsOf) void statement.refetch();
    else setShown({ asOf: chosenAsOf });
  };

  return (
    <Panel title="Balance as of">
      <InlineForm label="Balance as of" onSubmit={show}>
        <DateTimeField
          label="As of"
          value={moment}
          onChange={setMoment}
          error={asOfError}
          hint="Your local time; empty means now"
          sx={{ minWidth: 220 }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.25 }}>
          <Button type="submit" variant="contained" loading={statement.isFetching}>
            Show balance
          </Button>
          <Button
            component="a"
            href={statementCsvHref(userId, chosenAsOf)}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download CSV
          </Button>
        </Stack>
      </InlineForm>
      {statement.isError && (
        <Alert severity="error">{serverMessage(statement.error, 'Could not load the statement')}</Alert>
      )}
      {statement.data && !statement.isError && (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            As of {formatDateTime(statement.data.as_of)}: {counted(statement.data.events, 'event')}
          </Typography>
          <Balances balances={statement.data.balances} />
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            Head hash:{' '}
            {statement.data.head_hash ? <HashText value={statement.data.head_hash} /> : 'none (no events)'}
          </Typography>
          <DataTable
            label="Events up to this moment"
            columns={lineColumns}
            rows={statement.data.lines}
            isLoading={false}
            isError={false}
            searchable={false}
            getRowId={(line) => line.id}
            emptyMessage="No events up to this moment"
          />
        </Stack>
      )}
    </Panel>
  );
}
