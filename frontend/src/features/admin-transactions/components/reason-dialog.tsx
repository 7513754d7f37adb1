import { zodResolver } from '@hookform/resolvers/zod';
import { rejectRequest, type RejectRequest } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  description: string;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (body: RejectRequest) => void;
};

/** Rejecting needs a reason: the member sees it in their history. */
export function RejectReasonDialog({
  open,
  title,
  description,
  isPending,
  onClose,
  onSubmit,
}: ReasonDialogProps) {
  const titleId = useId();
  const form = useForm({ resolver: zodResolver(rejectRequest), defaultValues: { reason: '' } });
  const reasonError = form.formState.errors.reason?.message;

  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            error={Boolean(reasonError)}
            helperText={reasonError ?? '3 to 500 characters'}
            {...form.register('reason')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isPending}>
            {isPending ? 'Loading...' : 'Reject'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
