import { zodResolver } from '@hookform/resolvers/zod';
import { resetSecondFactorsRequest, twoFactorMessages, RESET_REASON_MAX } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useResetSecondFactors } from '../api/reset-second-factors.js';

type ResetSecondFactorsDialogProps = { userId: string; open: boolean; onClose: () => void };

/** Admin-assisted recovery for a user who lost every factor: a reason, then the reset. */
export function ResetSecondFactorsDialog({ userId, open, onClose }: ResetSecondFactorsDialogProps) {
  const titleId = useId();
  const reset = useResetSecondFactors(userId);
  const toasts = useToasts();
  const form = useForm({ resolver: zodResolver(resetSecondFactorsRequest), defaultValues: { reason: '' } });

  const submit = form.handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: ({ message }) => {
        toasts.success(message);
        onClose();
      },
      onError: (error) => {
        toasts.error(serverMessage(error));
        if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, ['reason']);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={reset.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{twoFactorMessages.resetSecondFactors}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {twoFactorMessages.resetSecondFactorsDescription}
          </DialogContentText>
          <TextField
            label={twoFactorMessages.resetReasonLabel}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: RESET_REASON_MAX } }}
            {...formField(form, 'reason')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={reset.isPending}>
            {reset.isPending ? 'Working...' : 'Reset'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
