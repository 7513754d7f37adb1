import { zodResolver } from '@hookform/resolvers/zod';
import { approvalMessages, isProposalResponse, unlockAccountRequest } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';
import { useToasts } from '../../../lib/toasts.js';
import { useUnlockAccount } from '../api/unlock-account.js';
import { ReasonField } from '../../../components/form/reason-field.js';

/** Only an admin lifts a lock, and says why: the reason stays in the account's history. */
export function UnlockAccountDialog({
  userId,
  open,
  onClose,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm({ resolver: zodResolver(unlockAccountRequest), defaultValues: { reason: '' } });
  const unlock = useUnlockAccount(userId);
  const toasts = useToasts();

  const submit = form.handleSubmit((body) =>
    unlock.mutate(body, {
      onSuccess: (answer) => {
        toasts.success(isProposalResponse(answer) ? approvalMessages.sentForApproval : answer.message);
        onClose();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.fieldErrors.reason : undefined;
        if (message) form.setError('reason', { type: 'server', message });
        toasts.failure(error, 'Failed to unlock the account');
        // Not locked any more: nothing left to do here.
        if (error instanceof ApiError && error.status === 409) onClose();
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={unlock.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Unlock account</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The member can withdraw and change payout addresses again. Make sure they have reset their
            password.
          </DialogContentText>
          <ReasonField
            hint="3 to 500 characters, kept in the account history"
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={unlock.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={unlock.isPending}>
            {unlock.isPending ? 'Unlocking...' : 'Unlock'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
