import { formatUsd, type TrialBalance as Books, type TrialBalanceAccount } from '@ledgerstone/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';

import { DateTimeField } from '../../../components/form/date-time-field.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { ApiError } from '../../../lib/api-client.js';
import { fromLocalInputValueEndOfMinute } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { trialBalanceCsvHref, useTrialBalance } from '../api/get-trial-balance.js';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const kindLabels: Record<TrialBalanceAccount['kind'], string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  expense: 'Expense',
};

const columns: DataTableColumn<TrialBalanceAccount>[] = [
  { id: 'name', header: 'Account', accessorFn: (row) => row.name },
  { id: 'kind', header: 'Kind', accessorFn: (row) => kindLabels[row.kind] },
  { id: 'debit', header: 'Debit', accessorFn: (row) => formatUsd(row.debit) },
  { id: 'credit', header: 'Credit', accessorFn: (row) => formatUsd(row.credit) },
  { id: 'balance', header: 'Balance', accessorFn: (row) => formatUsd(row.balance) },
];

function Verdict({ books }: { books: Books }) {
  if (books.balanced) {
    return (
      <Alert severity="success">
        The books balance: debits and credits are both {formatUsd(books.totals.debit)}.
      </Alert>
    );
  }
  const since = books.unbalanced_since;
  return (
    <Alert severity="error">
      The books do not balance: debits exceed credits by {formatUsd(books.difference)}.
      {since &&
        ` The first entry that does not balance is event ${since.event_id} (position ${since.position}, ${formatDateTime(since.recorded_at)}), off by ${formatUsd(since.difference)}.`}
    </Alert>
  );
}

/** The platform's trial balance as of a moment: every account of the journal with its debits and credits. */
export function TrialBalance() {
  const [moment, setMoment] = useState('');
  // The moment asked for; undefined is now.
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const books = useTrialBalance(asOf);
  // Times show to the minute: as of 3:30 PM includes an entry recorded at 3:30 PM.
  const chosenAsOf = fromLocalInputValueEndOfMinute(moment);
  const asOfError = books.error instanceof ApiError ? books.error.fieldErrors.as_of : undefined;

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (asOf === chosenAsOf) void books.refetch();
    else setAsOf(chosenAsOf);
  };

  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        aria-label="Trial balance as of"
        noValidate
        onSubmit={show}
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <DateTimeField
          label="As of"
          value={moment}
          onChange={setMoment}
          error={asOfError}
          hint="Your local time; empty means now"
          sx={{ minWidth: 220 }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.25 }}>
          <Button type="submit" variant="contained" loading={books.isFetching}>
            Show trial balance
          </Button>
          <Button
            component="a"
            href={trialBalanceCsvHref(chosenAsOf)}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download CSV
          </Button>
        </Stack>
      </Stack>
      {books.isError && (
        <Alert severity="error">{serverMessage(books.error, 'Could not load the trial balance')}</Alert>
      )}
      {books.data && !books.isError && (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            As of {formatDateTime(books.data.as_of)}: {books.data.entries} journal{' '}
            {books.data.entries === 1 ? 'entry' : 'entries'}. Owed to members:{' '}
            {formatUsd(books.data.member_liabilities)}.
          </Typography>
          <Verdict books={books.data} />
          <DataTable
            label="Trial balance"
            columns={columns}
            rows={books.data.accounts}
            isLoading={false}
            isError={false}
            searchable={false}
            pageSize={100}
            getRowId={(row) => row.account}
            emptyMessage="No journal entries up to this moment"
          />
          <Typography>
            Totals: debits {formatUsd(books.data.totals.debit)}, credits {formatUsd(books.data.totals.credit)}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
