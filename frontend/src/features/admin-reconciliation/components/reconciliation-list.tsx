import { formatUsd, type Reconciliation, type ReconciliationStatus } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { formatDateTime } from '../../../lib/date-time.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useResolveReconciliation } from '../api/resolve-reconciliation.js';
import { coverage, differenceSummary, signedDifference } from './reconciliation-figures.js';
import { ResolveDialog } from './resolve-dialog.js';

const STATUS: Record<ReconciliationStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  matched: { label: 'Matched', color: 'success' },
  difference: { label: 'Difference open', color: 'error' },
  resolved: { label: 'Resolved', color: 'default' },
};

function Day({
  reconciliation,
  readOnly,
  onResolve,
}: {
  reconciliation: Reconciliation;
  readOnly: boolean;
  onResolve: () => void;
}) {
  const status = STATUS[reconciliation.status];
  const titleId = `reconciliation-${reconciliation.id}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h6" component="h2">
            {reconciliation.id}
          </Typography>
          <Chip label={status.label} color={status.color} size="small" />
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            Cutoff {formatDateTime(reconciliation.cutoff)}
          </Typography>
          {!readOnly && reconciliation.status === 'difference' && (
            <Button variant="outlined" size="small" onClick={onResolve}>
              Resolve
            </Button>
          )}
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}
            aria-label={`Held balances of ${reconciliation.id}`}
          >
            <TableHead>
              <TableRow>
                <TableCell>Payment method</TableCell>
                <TableCell align="right">Held</TableCell>
                <TableCell align="right">Journal custody</TableCell>
                <TableCell align="right">Difference</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reconciliation.methods.map((method) => (
                <TableRow key={method.payment_method_id}>
                  <TableCell>{method.name}</TableCell>
                  <TableCell align="right">{formatUsd(method.held)}</TableCell>
                  <TableCell align="right">{formatUsd(method.custody)}</TableCell>
                  <TableCell align="right">{signedDifference(method.difference)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatUsd(reconciliation.held)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatUsd(reconciliation.custody)}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </Box>
        <Typography variant="body2">
          Owed to members: {formatUsd(reconciliation.member_liabilities)}.{' '}
          {coverage(reconciliation.held_less_liabilities)}
        </Typography>
        {differenceSummary(reconciliation) !== '' && (
          <Typography
            variant="body2"
            color={reconciliation.status === 'difference' ? 'error' : 'text.secondary'}
          >
            {differenceSummary(reconciliation)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Entered by {reconciliation.entered_by.name} on {formatDateTime(reconciliation.entered_at)}, against{' '}
          {reconciliation.journal_entries} journal{' '}
          {reconciliation.journal_entries === 1 ? 'entry' : 'entries'}.
        </Typography>
        {reconciliation.resolution && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Resolved by {reconciliation.resolution.by.name} on {formatDateTime(reconciliation.resolution.at)}:{' '}
            {reconciliation.resolution.reason}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Each day's reconciliation, newest first; an admin resolves an open difference with a reason. */
export function ReconciliationList({
  reconciliations,
  readOnly,
}: {
  reconciliations: Reconciliation[];
  readOnly: boolean;
}) {
  const toasts = useToasts();
  const resolve = useResolveReconciliation();
  const [resolving, setResolving] = useState<Reconciliation | undefined>(undefined);
  const [open, setOpen] = useState(false);

  if (reconciliations.length === 0) {
    return <Typography color="text.secondary">No reconciliation recorded yet.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {reconciliations.map((reconciliation) => (
        <Day
          key={reconciliation.id}
          reconciliation={reconciliation}
          readOnly={readOnly}
          onResolve={() => {
            resolve.reset();
            setResolving(reconciliation);
            setOpen(true);
          }}
        />
      ))}
      <ResolveDialog
        reconciliation={resolving}
        open={open}
        isPending={resolve.isPending}
        error={resolve.isError ? serverMessage(resolve.error, 'Could not resolve the difference') : undefined}
        onClose={() => setOpen(false)}
        onSubmit={(body) =>
          resolving &&
          resolve.mutate(
            { id: resolving.id, body },
            {
              onSuccess: (answer) => {
                setOpen(false);
                toasts.success(answer.message);
              },
            },
          )
        }
      />
    </Stack>
  );
}

/** The banner while a difference is open: under CASS 7 it is to be resolved the same day. */
export function OpenDifferences({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert severity="warning">
      {count === 1 ? 'One reconciliation has' : `${count} reconciliations have`} an open difference: find its
      cause and resolve it today.
    </Alert>
  );
}
