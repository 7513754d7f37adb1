import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordAndFactorRequest,
  renamePasskeyRequest,
  twoFactorMessages,
  type PasskeySummary,
  type SecurityOverview,
} from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import type { SecurityAudience } from '../../../api/security.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';
import { StepUpFields, useStepUp } from '../../../components/form/step-up-fields.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { PasskeyError } from '../../../lib/webauthn.js';
import { useAddPasskey } from '../api/add-passkey.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRenamePasskey } from '../api/rename-passkey.js';
import { FirstFactorPasswordField, firstFactorPassword } from './first-factor-password.js';
import { FormDialog } from './form-dialog.js';
import { SecuritySection } from './security-section.js';

const failure = (error: unknown) => (error instanceof PasskeyError ? error.message : serverMessage(error));

const passkeyNameForm = renamePasskeyRequest;
const addPasskeyForm = passkeyNameForm.extend({ password: z.string() });
const firstPasskeyForm = passkeyNameForm.extend(firstFactorPassword);

type AddPasskeyDialogProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  open: boolean;
  onClose: () => void;
  onRecoveryCodes: (codes: string[]) => void;
};

function AddPasskeyDialog({ audience, overview, open, onClose, onRecoveryCodes }: AddPasskeyDialogProps) {
  const firstFactor = !overview.enabled;
  const form = useForm({
    resolver: zodResolver(firstFactor ? firstPasskeyForm : addPasskeyForm),
    defaultValues: { name: '', password: '' },
  });
  const stepUp = useStepUp(audience, overview);
  const add = useAddPasskey(audience);
  const toasts = useToasts();

  const submit = form.handleSubmit(async ({ name, password }) => {
    const secondFactor = await stepUp.secondFactor();
    if (secondFactor === null) return;
    add.mutate(
      { name, ...(firstFactor && { password }), ...(secondFactor && { secondFactor }) },
      {
        onSuccess: ({ message, recoveryCodes }) => {
          toasts.success(message);
          onClose();
          if (recoveryCodes) onRecoveryCodes(recoveryCodes);
        },
        onError: (error) => {
          toasts.error(failure(error));
          if (stepUp.showRefusal(error)) return;
          if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, ['name', 'password']);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={twoFactorMessages.addPasskey}
      description="Give the passkey a name you will recognise, such as the device it is on. Your browser then asks you to create it."
      action="Continue"
      pending={add.isPending || stepUp.signing}
      onClose={onClose}
      onSubmit={() => void submit()}
      onExited={() => {
        form.reset();
        stepUp.reset();
      }}
    >
      <TextField
        label={twoFactorMessages.passkeyNameLabel}
        autoComplete="off"
        required
        autoFocus
        {...formField(form, 'name')}
      />
      {firstFactor && <FirstFactorPasswordField form={form} />}
      <StepUpFields stepUp={stepUp} />
    </FormDialog>
  );
}

function RenamePasskeyDialog({
  audience,
  passkey,
  onClose,
}: {
  audience: SecurityAudience;
  passkey: PasskeySummary | undefined;
  onClose: () => void;
}) {
  const form = useForm({ resolver: zodResolver(passkeyNameForm), values: { name: passkey?.name ?? '' } });
  const rename = useRenamePasskey(audience);
  const toasts = useToasts();
  const submit = form.handleSubmit(({ name }) => {
    if (!passkey) return;
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: ({ message }) => {
          toasts.success(message);
          onClose();
        },
        onError: (error) => {
          toasts.failure(error);
          if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, ['name']);
        },
      },
    );
  });
  return (
    <FormDialog
      open={passkey !== undefined}
      title="Rename passkey"
      description="The name helps you tell your passkeys apart."
      action="Save"
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={() => void submit()}
      onExited={() => form.reset()}
    >
      <TextField
        label={twoFactorMessages.passkeyNameLabel}
        autoComplete="off"
        required
        autoFocus
        {...formField(form, 'name')}
      />
    </FormDialog>
  );
}

const passwordForm = passwordAndFactorRequest.pick({ password: true });

function RemovePasskeyDialog({
  audience,
  overview,
  passkey,
  onClose,
}: {
  audience: SecurityAudience;
  overview: SecurityOverview;
  passkey: PasskeySummary | undefined;
  onClose: () => void;
}) {
  const form = useForm({ resolver: zodResolver(passwordForm), defaultValues: { password: '' } });
  const stepUp = useStepUp(audience, overview);
  const remove = useRemovePasskey(audience);
  const toasts = useToasts();
  const submit = form.handleSubmit(async ({ password }) => {
    if (!passkey) return;
    const factor = await stepUp.secondFactor();
    if (!factor) return;
    remove.mutate(
      { id: passkey.id, password, ...factor },
      {
        onSuccess: ({ message }) => {
          toasts.success(message);
          onClose();
        },
        onError: (error) => {
          toasts.error(failure(error));
          if (error instanceof ApiError && error.message === twoFactorMessages.passwordWrong) {
            form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
          } else {
            stepUp.showRefusal(error);
          }
        },
      },
    );
  });
  return (
    <FormDialog
      open={passkey !== undefined}
      title={`Remove ${passkey?.name ?? 'passkey'}?`}
      description="You will no longer be able to sign in or confirm with this passkey. Enter your password and confirm it is you."
      action={twoFactorMessages.remove}
      destructive
      pending={remove.isPending || stepUp.signing}
      onClose={onClose}
      onSubmit={() => void submit()}
      onExited={() => {
        form.reset();
        stepUp.reset();
      }}
    >
      <PasswordField
        label={twoFactorMessages.passwordLabel}
        autoComplete="current-password"
        required
        autoFocus
        {...formField(form, 'password')}
      />
      <StepUpFields stepUp={stepUp} />
    </FormDialog>
  );
}

type PasskeysProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  onRecoveryCodes: (codes: string[]) => void;
};

/** The person's passkeys: add one (named), rename, remove. */
export function Passkeys({ audience, overview, onRecoveryCodes }: PasskeysProps) {
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeySummary>();
  const [removing, setRemoving] = useState<PasskeySummary>();
  // Staff keep at least one factor: the last passkey cannot go while the app is off.
  const lastFactor = overview.required && !overview.totpEnabled && overview.passkeys.length === 1;

  return (
    <SecuritySection
      title={twoFactorMessages.passkeys}
      status={
        <Chip
          size="small"
          label={overview.passkeys.length === 0 ? 'None' : `${overview.passkeys.length}`}
          color={overview.passkeys.length > 0 ? 'success' : 'default'}
          variant="outlined"
          aria-label={`${overview.passkeys.length} passkeys`}
        />
      }
      description="Sign in with your fingerprint, face or device PIN instead of a password and code. Passkeys cannot be phished."
    >
      {overview.passkeys.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{twoFactorMessages.noPasskeys}</Typography>
      ) : (
        <Stack component="ul" aria-label="Your passkeys" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {overview.passkeys.map((passkey) => (
            <Stack
              component="li"
              key={passkey.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 2,
                justifyContent: 'space-between',
                alignItems: { sm: 'center' },
              }}
            >
              <div>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Added {formatDateTime(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
                </Typography>
              </div>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={`${twoFactorMessages.rename} ${passkey.name}`}
                  onClick={() => setRenaming(passkey)}
                >
                  {twoFactorMessages.rename}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  aria-label={`${twoFactorMessages.remove} ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                  disabled={lastFactor}
                >
                  {twoFactorMessages.remove}
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {lastFactor && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {twoFactorMessages.staffKeepsAFactor}
        </Typography>
      )}
      <Button variant="contained" onClick={() => setAdding(true)} sx={{ justifySelf: 'start' }}>
        {twoFactorMessages.addPasskey}
      </Button>
      <AddPasskeyDialog
        audience={audience}
        overview={overview}
        open={adding}
        onClose={() => setAdding(false)}
        onRecoveryCodes={onRecoveryCodes}
      />
      <RenamePasskeyDialog audience={audience} passkey={renaming} onClose={() => setRenaming(undefined)} />
      <RemovePasskeyDialog
        audience={audience}
        overview={overview}
        passkey={removing}
        onClose={() => setRemoving(undefined)}
      />
    </SecuritySection>
  );
}
