import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordAndFactorRequest,
  twoFactorMessages,
  type PasswordAndFactorRequest,
} from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';
import { ApiError } from '../../../lib/api-client.js';

type PasswordAndCodeDialogProps = {
  open: boolean;
  title: string;
  description: string;
  action: string;
  /** The code may be the app's or a recovery code; name what this person has. */
  codeHelp: string;
  destructive?: boolean;
  isPending: boolean;
  onClose: () => void;
  /** Sends the request; a refusal comes back to be shown on the fields. */
  onSubmit: (body: PasswordAndFactorRequest, refused: (error: unknown) => void) => void;
};

/** What turning a factor off or replacing the recovery codes asks for: the password and a current factor. */
export function PasswordAndCodeDialog({
  open,
  title,
  description,
  action,
  codeHelp,
  destructive = false,
  isPending,
  onClose,
  onSubmit,
}: PasswordAndCodeDialogProps) {
  const titleId = useId();
  const form = useForm({
    resolver: zodResolver(passwordAndFactorRequest),
    defaultValues: { password: '', code: '' },
  });
  const code = formField(form, 'code');

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    showFieldErrors(form, error.fieldErrors, ['password', 'code']);
    // A code is good once: the next try needs the next one.
    if (error.message === twoFactorMessages.passwordWrong) {
      form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
    } else if (error.status === 401 || error.status === 422) {
      form.setValue('code', '');
      form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
    }
  };

  // The raw text goes to the server, which reads it with the same schema.
  const submit = form.handleSubmit(() => onSubmit(form.getValues(), refused));

  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <PasswordField
              label={twoFactorMessages.passwordLabel}
              autoComplete="current-password"
              required
              autoFocus
              {...formField(form, 'password')}
            />
            <TextField
              label={twoFactorMessages.codeLabel}
              autoComplete="one-time-code"
              required
              {...code}
              helperText={code.helperText ?? codeHelp}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={isPending}
          >
            {isPending ? 'Working...' : action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
