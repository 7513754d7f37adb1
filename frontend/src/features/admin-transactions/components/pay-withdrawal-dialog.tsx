import { zodResolver } from '@hookform/resolvers/zod';
import { payWithdrawalRequest } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

type PayWithdrawalDialogProps = {
  open: boolean;
  amount: string;
  isPending: boolean;
  onClose: () => void;
  onSubmit: (body: { payoutReference?: string }) => void;
};

export function PayWithdrawalDialog({
  open,
  amount,
  isPending,
  onClose,
  onSubmit,
}: PayWithdrawalDialogProps) {
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(payWithdrawalRequest),
    defaultValues: { payoutReference: '' },
  });
  const referenceError = form.formState.errors.payoutReference?.message;

  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(({ payoutReference }) =>
          // The API takes no reference at all rather than an empty one.
          onSubmit(payoutReference === null ? {} : { payoutReference }),
        )}
      >
        <DialogTitle id={titleId}>Mark withdrawal paid</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Confirm that {amount} has been sent to the member&apos;s wallet.
          </DialogContentText>
          <TextField
            label="Payout reference (optional)"
            fullWidth
            autoFocus
            error={Boolean(referenceError)}
            helperText={referenceError ?? 'The payout transaction hash or reference, if there is one'}
            {...form.register('payoutReference')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? 'Loading...' : 'Mark Paid'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
