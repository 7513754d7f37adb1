import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  amountSchema,
  approvalMessages,
  changedFigures,
  REASON_MAX,
  REASON_MIN,
  updateUserRequest,
} from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { get, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

import { ApiError } from '../../../lib/api-client.js';
import type { AdminUser } from '../api/get-admin-user.js';
import { AccountChangedError, useRefreshUser, useSaveUser, type UserChanges } from '../api/save-user.js';
import { useToasts } from '../../../lib/toasts.js';
import { formatDate } from './format.js';

type Figures = { available: string; invested: string; profit: string };
type EditUserValues = Figures & { first_name: string; last_name: string; email: string; reason: string };

/** The figures the balances command compares with the account's: profit is locked plus unlocked. */
function figuresOf(user: AdminUser): Figures {
  return { available: user.buckets.available, invested: user.buckets.invested, profit: user.total_balance };
}

/** What the figure fields were last filled from: sent back as the figures shown, with the version they are at. */
type Shown = { figures: Figures; version: number };

function shownOf(user: AdminUser): Shown {
  return { figures: figuresOf(user), version: user.version };
}

function formValuesOf(user: AdminUser): EditUserValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    ...figuresOf(user),
    reason: '',
  };
}

function amountsChanged(values: Figures, shown: Figures): boolean {
  return Object.keys(changedFigures(shown, values)).length > 0;
}

function editUserSchema(shown: Figures) {
  return updateUserRequest
    .extend({
      available: amountSchema,
      invested: amountSchema,
      profit: amountSchema,
      reason: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      const { length } = values.reason;
      if (amountsChanged(values, shown) && (length < REASON_MIN || length > REASON_MAX)) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: accountMessages.invalidReason });
      }
    });
}

type EditUserSchema = ReturnType<typeof editUserSchema>;
type EditUserForm = UseFormReturn<z.input<EditUserSchema>, unknown, z.output<EditUserSchema>>;

function field(form: EditUserForm, name: Path<EditUserValues>) {
  const { ref, ...registration } = form.register(name);
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { ...registration, inputRef: ref, error: message !== undefined, helperText: message };
}

const FIELD_NAMES = [
  'first_name',
  'last_name',
  'email',
  'available',
  'invested',
  'profit',
  'reason',
] as const;

export function EditUserForm({ user, readOnly }: { user: AdminUser; readOnly: boolean }) {
  // Not the `user` prop: a refetch may change it while the fields still show the figures they were filled from.
  const [shown, setShown] = useState(() => shownOf(user));
  const schema = useMemo(() => editUserSchema(shown.figures), [shown]);
  const form: EditUserForm = useForm({ resolver: zodResolver(schema), defaultValues: formValuesOf(user) });
  const save = useSaveUser(user.id);
  const refresh = useRefreshUser(user.id);
  const toasts = useToasts();

  const submit = form.handleSubmit((values) => {
    const changes: UserChanges = {};
    const profile = { first_name: values.first_name, last_name: values.last_name, email: values.email };
    if (
      profile.first_name !== user.first_name ||
      profile.last_name !== user.last_name ||
      profile.email !== user.email.toLowerCase()
    ) {
      changes.profile = profile;
    }
    const figures = changedFigures(shown.figures, values);
    if (Object.keys(figures).length > 0) {
      changes.balances = { ...figures, reason: values.reason, version: shown.version };
    }
    if (!changes.profile && !changes.balances) {
      toasts.info('Nothing to update');
      return;
    }
    save.mutate(changes, {
      onSuccess: async ({ proposed }) => {
        toasts.success(proposed ? approvalMessages.sentForApproval : accountMessages.userUpdated);
        const fresh = await refresh();
        setShown(shownOf(fresh));
        form.reset(formValuesOf(fresh));
      },
      onError: async (error) => {
        if (error instanceof AccountChangedError) {
          toasts.error(error.message || accountMessages.accountChanged);
          const fresh = await refresh();
          setShown(shownOf(fresh));
          form.reset({ ...form.getValues(), ...figuresOf(fresh) });
          return;
        }
        if (error instanceof ApiError) {
          for (const name of FIELD_NAMES) {
            const message = error.fieldErrors[name];
            if (message !== undefined) form.setError(name, { type: 'server', message });
          }
          if (error.message === approvalMessages.alreadyPending) {
            toasts.error(error.message);
            return;
          }
        }
        toasts.error('Failed to update user');
      },
    });
  });

  const reasonField = field(form, 'reason');
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="edit-user-details"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="edit-user-details" variant="h6" component="h2" sx={{ mb: 2 }}>
        Edit User Details
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="First Name" fullWidth disabled={readOnly} {...field(form, 'first_name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Last Name" fullWidth disabled={readOnly} {...field(form, 'last_name')} />
        </Grid>
        <Grid size={12}>
          <TextField label="Email" type="email" fullWidth disabled={readOnly} {...field(form, 'email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Account Balance"
            inputMode="decimal"
            fullWidth
            disabled={readOnly}
            {...field(form, 'available')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Total Profit"
            inputMode="decimal"
            fullWidth
            disabled={readOnly}
            {...field(form, 'profit')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Total Investment"
            inputMode="decimal"
            fullWidth
            disabled={readOnly}
            {...field(form, 'invested')}
          />
        </Grid>
        <Grid size={12}>
          <TextField label="Registration Date" fullWidth disabled value={formatDate(user.createdAt)} />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Reason"
            fullWidth
            multiline
            minRows={2}
            disabled={readOnly}
            {...reasonField}
            helperText={
              reasonField.helperText ??
              'Required when an amount changes: the member sees it with the adjustment.'
            }
          />
        </Grid>
        {!readOnly && (
          <Grid size={12}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Updating...' : 'Update Details'}
            </Button>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}
