import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatUsd,
  resolveReconciliationRequest,
  type Reconciliation,
  type ResolveReconciliationRequest,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { coverage, differenceSummary } from './reconciliation-figures.js';

type ResolveDialogProps = {
  /** The day resolved (kept while the dialog closes, so it does not empty as it fades). */
  reconciliation: Reconciliation | undefined;
  open: boolean;
  isPending: boolean;
  /** The API's refusal, shown in the dialog, which stays open. */
  error: string | undefined;
  onClose: () => void;
  onSubmit: (body: ResolveReconciliationRequest) => void;
};

/** An admin closes a day's open difference, saying why; the figures found stay on record as they were. */
export function ResolveDialog({
  reconciliation,
  open,
  isPending,
  error,
  onClose,
  onSubmit,
}: ResolveDialogProps) {
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(resolveReconciliationRequest),
    defaultValues: { reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;

  return (
    <Dialog
      open={open && reconciliation !== undefined}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      {reconciliation && (
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <DialogTitle id={titleId}>Resolve the difference of {reconciliation.id}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2">
                {differenceSummary(reconciliation)} {coverage(reconciliation.held_less_liabilities)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Held {formatUsd(reconciliation.held)}, journal custody {formatUsd(reconciliation.custody)},
                owed to members {formatUsd(reconciliation.member_liabilities)}. Resolving records your reason;
                the figures stay as they were found.
              </Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField
                label="Reason"
                required
                fullWidth
                multiline
                minRows={2}
                autoFocus
                error={Boolean(reasonError)}
                helperText={
                  reasonError ?? '3 to 500 characters: what caused the difference and what was done'
                }
                {...form.register('reason')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {isPending ? 'Resolving...' : 'Resolve'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
