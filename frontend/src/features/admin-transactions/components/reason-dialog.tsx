import { zodResolver } from '@hookform/resolvers/zod';
import { rejectRequest, type RejectRequest } from '@ledgerstone/contracts';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';

import { FormDialog } from '../../../components/ui/form-dialog.js';
import { ReasonField } from '../../../components/form/reason-field.js';

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
  const form = useForm({ resolver: zodResolver(rejectRequest), defaultValues: { reason: '' } });

  return (
    <FormDialog
      open={open}
      title={title}
      isPending={isPending}
      submitLabel="Reject"
      pendingLabel="Loading..."
      submitColor="error"
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
      onExited={() => form.reset()}
    >
      <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
      <ReasonField
        hint="3 to 500 characters"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
