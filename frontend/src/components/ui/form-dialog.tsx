import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

type FormDialogProps = {
  open: boolean;
  title: ReactNode;
  isPending: boolean;
  /** The submit button's words, and what it says while the request runs. */
  submitLabel: string;
  pendingLabel: string;
  submitColor?: ButtonProps['color'];
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** After the dialog has faded out: where its form is reset, so it does not empty as it fades. */
  onExited: () => void;
  children: ReactNode;
};

/**
 * A dialog holding one form: a title, the fields, Cancel and a submit button. It cannot be closed while its
 * request runs.
 */
export function FormDialog({
  open,
  title,
  isPending,
  submitLabel,
  pendingLabel,
  submitColor,
  onClose,
  onSubmit,
  onExited,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
