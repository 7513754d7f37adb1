import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessageRequest, identityMessages } from '@ledgerstone/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { get, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useRecipient } from '../api/get-recipient.js';
import { useSendMessage } from '../api/send-message.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';

const FIELDS = ['subject', 'message'] as const;

/** Send a Message: an e-mail to one member. An auditor sees the form disabled and no Send button. */
export function SendMessageForm({ userId, readOnly }: { userId: string; readOnly: boolean }) {
  const recipient = useRecipient(userId);
  const form = useForm({
    resolver: zodResolver(adminMessageRequest),
    defaultValues: { subject: '', message: '' },
  });
  const send = useSendMessage(userId);
  const toasts = useToasts();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);

  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...registration } = form.register(name, { onChange: () => setSent(false) });
    const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return { ...registration, inputRef: ref, error: message !== undefined, helperText: message };
  };

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        form.reset();
        setSent(true);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const name of FIELDS) {
            const message = error.fieldErrors[name];
            if (message !== undefined) form.setError(name, { type: 'server', message });
          }
        }
        toasts.error(serverMessage(error, 'Failed to send message'));
      },
    }),
  );

  const user = recipient.data;
  const to =
    user &&
    (`${user.first_name} ${user.last_name}`.trim()
      ? `${user.first_name} ${user.last_name} <${user.email}>`
      : user.email);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <Typography variant="h4" component="h1">
          Send a Message
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {recipient.isPending && 'Loading...'}
          {recipient.isError && serverMessage(recipient.error, 'Failed to load the user')}
          {to && `To: ${to}`}
        </Typography>
      </div>
      <Paper
        component="form"
        variant="outlined"
        aria-label="Send a Message"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          {sent && (
            <Alert severity="success" role="status">
              {identityMessages.messageSent}
            </Alert>
          )}
          {readOnly && <Alert severity="info">Read-only access: sending messages is for admins.</Alert>}
          <TextField label="Subject" required fullWidth disabled={readOnly} {...field('subject')} />
          <TextField
            label="Message Body"
            required
            fullWidth
            multiline
            minRows={6}
            disabled={readOnly}
            {...field('message')}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<ArrowBackIcon />}
              onClick={() => void navigate(paths.adminDashboard.manageUser.getHref(userId))}
            >
              Back
            </Button>
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
