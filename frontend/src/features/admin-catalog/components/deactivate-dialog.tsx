import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

type DeactivateDialogProps = {
  /** What is deactivated, e.g. "plan BASIC"; the dialog is closed while absent. */
  subject: string | undefined;
  consequence: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

export function DeactivateDialog({
  subject,
  consequence,
  pending,
  onCancel,
  onConfirm,
}: DeactivateDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={subject !== undefined} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Deactivate {subject}?</DialogTitle>
      <DialogContent>
        <DialogContentText>{consequence}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          {pending ? 'Deactivating...' : 'Deactivate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
