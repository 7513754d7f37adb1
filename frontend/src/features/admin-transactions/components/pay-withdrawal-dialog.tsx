import { zodResolver } from '@hookform/resolvers/zod';
import { payWithdrawalRequest } from '@ledgerstone/contracts';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';

import { FormDialog } from '../../../components/ui/form-dialog.js';

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
  const form = useForm({
    resolver: zodResolver(payWithdrawalRequest),
    defaultValues: { payoutReference: '' },
  });
  const referenceError = form.formState.errors.payoutReference?.message;

  return (
    <FormDialog
      open={open}
      title="Mark withdrawal paid"
      isPending={isPending}
      submitLabel="Mark Paid"
      pendingLabel="Loading..."
      onClose={onClose}
      onSubmit={form.handleSubmit(({ payoutReference }) =>
        // The API takes no reference at all rather than an empty one.
        onSubmit(payoutReference === null ? {} : { payoutReference }),
      )}
      onExited={() => form.reset()}
    >
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
    </FormDialog>
  );
}
