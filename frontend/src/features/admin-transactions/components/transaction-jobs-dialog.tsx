import type { MailJobState, TransactionJobsParams } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useTransactionJobs } from '../api/get-transaction-jobs.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const stateColor: Record<MailJobState, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  waiting: 'info',
  prioritized: 'info',
  delayed: 'warning',
  active: 'info',
  'waiting-children': 'info',
  completed: 'success',
  failed: 'error',
  unknown: 'default',
  missing: 'default',
};

function JobsTable({ params, label }: { params: TransactionJobsParams; label: string }) {
  const jobs = useTransactionJobs(params);

  if (jobs.isError) return <Alert severity="error">{jobs.error.message}</Alert>;
  if (!jobs.data) return <Typography>Loading...</Typography>;
  if (jobs.data.events.length === 0) return <Typography>No events recorded for it yet.</Typography>;

  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Recorded</TableCell>
          <TableCell>Mail</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Job</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {jobs.data.events.map((event) => (
          <TableRow key={event.eventId}>
            <TableCell>
              {event.type}
              <Typography variant="caption" component="div" color="text.secondary">
                {event.eventId}
              </Typography>
            </TableCell>
            <TableCell>{dateFormat.format(new Date(event.recordedAt))}</TableCell>
            <TableCell>{event.job?.template ?? 'No mail'}</TableCell>
            <TableCell>
              {event.job && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={event.job.state}
                  color={stateColor[event.job.state]}
                />
              )}
            </TableCell>
            <TableCell>
              {event.job && event.job.state !== 'missing' && (
                <Link href={event.job.boardUrl} target="_blank" rel="noopener noreferrer">
                  Open in queue board
                </Link>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type TransactionJobsDialogProps = {
  open: boolean;
  transaction: TransactionJobsParams;
  amount: string;
  onClose: () => void;
};

/** The transaction's events and the mail each one queued, with a link to the job on Bull Board. */
export function TransactionJobsDialog({ open, transaction, amount, onClose }: TransactionJobsDialogProps) {
  const titleId = useId();
  const what = transaction.type === 'deposit' ? 'deposit' : 'withdrawal';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Jobs</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The events of the {what} of {amount} and the mail jobs they queued.
        </Typography>
        {open && (
          <JobsTable params={transaction} label={`Events and mail jobs of the ${what} of ${amount}`} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
