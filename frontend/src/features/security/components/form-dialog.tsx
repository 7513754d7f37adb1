import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';

type FormDialogProps = {
  open: boolean;
  title: string;
  description: string;
  action: string;
  pending: boolean;
  destructive?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  onExited: () => void;
  children: ReactNode;
};

/** A dialog around a form of the security screen: its fields, Cancel and the action. */
export function FormDialog(props: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: props.onExited } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{props.description}</DialogContentText>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.destructive ? 'error' : 'primary'}
            disabled={props.pending}
          >
            {props.pending ? 'Working...' : props.action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
