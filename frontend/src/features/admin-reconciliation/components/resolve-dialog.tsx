import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatUsd,
  resolveReconciliationRequest,
  type Reconciliation,
  type ResolveReconciliationRequest,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';

import { FormDialog } from '../../../components/ui/form-dialog.js';
import { coverage, differenceSummary } from './reconciliation-figures.js';
import { ReasonField } from '../../../components/form/reason-field.js';

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
  const form = useForm({
    resolver: zodResolver(resolveReconciliationRequest),
    defaultValues: { reason: '' },
  });

  return (
    <FormDialog
      open={open && reconciliation !== undefined}
      title={reconciliation && `Resolve the difference of ${reconciliation.id}`}
      isPending={isPending}
      submitLabel="Resolve"
      pendingLabel="Resolving..."
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      onExited={() => form.reset()}
    >
      {reconciliation && (
        <Stack spacing={2}>
          <Typography variant="body2">
            {differenceSummary(reconciliation)} {coverage(reconciliation.held_less_liabilities)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Held {formatUsd(reconciliation.held)}, journal custody {formatUsd(reconciliation.custody)}, owed
            to members {formatUsd(reconciliation.member_liabilities)}. Resolving records your reason; the
            figures stay as they were found.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <ReasonField
            hint="3 to 500 characters: what caused the difference and what was done"
            error={form.formState.errors.reason?.message}
            minRows={2}
            {...form.register('reason')}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
