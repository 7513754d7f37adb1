import { zodResolver } from '@hookform/resolvers/zod';
import { approvalMessages, closePeriodRequest, formatUsd, isProposalResponse } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';
import { formatMoment } from '../../../lib/date-time.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useClosedPeriods, useClosedPeriodTrialBalance, useClosePeriod } from '../api/closed-periods.js';

const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** An admin closes a UTC day or month that has ended. */
export function ClosePeriodForm() {
  const form = useForm({ resolver: zodResolver(closePeriodRequest), defaultValues: { period: '' } });
  const closing = useClosePeriod();
  const toasts = useToasts();
  const { ref, ...period } = form.register('period');
  const message = form.formState.errors.period?.message;
  const submit = form.handleSubmit((values) =>
    closing.mutate(values, {
      onSuccess: (answer) => {
        toasts.success(isProposalResponse(answer) ? approvalMessages.sentForApproval : answer.message);
        form.reset();
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors.period : undefined;
        if (field !== undefined) form.setError('period', { type: 'server', message: field });
        toasts.failure(error, 'The period could not be closed');
      },
    }),
  );
  return (
    <form noValidate aria-label="Close period" onSubmit={(event) => void submit(event)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          {...period}
          inputRef={ref}
          label="Period"
          placeholder="2026-11-26 or 2026-11"
          error={message !== undefined}
          helperText={message ?? 'A UTC day (YYYY-MM-DD) or month (YYYY-MM) that has ended'}
        />
        <Button type="submit" variant="contained" disabled={closing.isPending} sx={{ mt: { sm: 1 } }}>
          {closing.isPending ? 'Closing...' : 'Close period'}
        </Button>
      </Stack>
    </form>
  );
}

/** Every closed period with its proof of liabilities, and the trial balance of the one chosen. */
export function ClosedPeriods() {
  const periods = useClosedPeriods();
  const [shown, setShown] = useState<string | null>(null);
  const books = useClosedPeriodTrialBalance(shown);

  if (periods.isError)
    return (
      <Alert severity="error">{serverMessage(periods.error, 'Closed periods could not be loaded.')}</Alert>
    );
  if (!periods.data) return <Typography>Loading...</Typography>;
  if (periods.data.periods.length === 0) return <Typography>No period has been closed yet.</Typography>;
  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table size="small" aria-label="Closed periods">
          <TableHead>
            <TableRow>
              <TableCell>Period</TableCell>
              <TableCell>Closed</TableCell>
              <TableCell align="right">Members</TableCell>
              <TableCell align="right">Leaves</TableCell>
              <TableCell align="right">Owed to members</TableCell>
              <TableCell>Merkle root</TableCell>
              <TableCell>Last event</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {periods.data.periods.map((row) => (
              <TableRow key={row.period}>
                <TableCell>{row.period}</TableCell>
                <TableCell>{formatMoment(row.closed_at)}</TableCell>
                <TableCell align="right">{row.members}</TableCell>
                <TableCell align="right">{row.leaves}</TableCell>
                <TableCell align="right">{formatUsd(row.member_liabilities)}</TableCell>
                <TableCell title={row.root} sx={{ fontFamily: 'monospace' }}>
                  {short(row.root)}
                </TableCell>
                <TableCell title={row.last_event?.hash} sx={{ fontFamily: 'monospace' }}>
                  {row.last_event ? `#${row.last_event.position} ${short(row.last_event.hash)}` : 'None'}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setShown(row.period)}>
                    Trial balance
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {shown && books.data && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h3">
            Trial balance of {shown} (closed, as of {formatMoment(books.data.as_of)})
          </Typography>
          <Table size="small" aria-label={`Trial balance of ${shown}`}>
            <TableHead>
              <TableRow>
                <TableCell>Account</TableCell>
                <TableCell align="right">Debit</TableCell>
                <TableCell align="right">Credit</TableCell>
                <TableCell align="right">Balance</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {books.data.accounts.map((row) => (
                <TableRow key={row.account}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right">{formatUsd(row.debit)}</TableCell>
                  <TableCell align="right">{formatUsd(row.credit)}</TableCell>
                  <TableCell align="right">{formatUsd(row.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
