import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordAndFactorRequest,
  totpCode,
  twoFactorMessages,
  type SecurityOverview,
  type TotpSetupResponse,
} from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import type { SecurityAudience } from '../../../api/security.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';
import { StepUpFields, useStepUp } from '../../../components/form/step-up-fields.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { ApiError } from '../../../lib/api-client.js';
import { useToasts } from '../../../lib/toasts.js';
import { useQrCode } from '../../../lib/use-qr-code.js';
import { useConfirmTotp } from '../api/confirm-totp.js';
import { useDisableTotp } from '../api/disable-totp.js';
import { useSetupTotp } from '../api/setup-totp.js';
import { FirstFactorPasswordField, firstFactorPassword } from './first-factor-password.js';
import { FormDialog } from './form-dialog.js';
import { SecuritySection } from './security-section.js';

const QR_SIZE = 200;

/** "JBSW Y3DP EHPK 3PXP": the setup key in groups of four, easier to type. */
export function groupsOfFour(setupKey: string): string {
  return setupKey.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

const firstCodeForm = z.object({ code: totpCode, password: z.string() });
const firstFactorForm = firstCodeForm.extend(firstFactorPassword);

type EnrolmentProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  setup: TotpSetupResponse;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Scan or type the secret, then prove it with the app's first code. */
function Enrolment({ audience, overview, setup, onConfirmed, onCancel }: EnrolmentProps) {
  const qrCode = useQrCode(setup.otpauthUri, QR_SIZE);
  const firstFactor = !overview.enabled;
  const form = useForm({
    resolver: zodResolver(firstFactor ? firstFactorForm : firstCodeForm),
    defaultValues: { code: '', password: '' },
  });
  // Adding a second factor to an account that has one asks for that one too.
  const stepUp = useStepUp(audience, overview);
  const confirm = useConfirmTotp(audience);
  const toasts = useToasts();

  const submit = form.handleSubmit(async () => {
    const secondFactor = await stepUp.secondFactor();
    if (secondFactor === null) return;
    const { code, password } = form.getValues();
    confirm.mutate(
      { code, ...(firstFactor && { password }), ...(secondFactor && { secondFactor }) },
      {
        onSuccess: ({ message, recoveryCodes }) => {
          toasts.success(message);
          onConfirmed(recoveryCodes);
        },
        onError: (error) => {
          toasts.failure(error);
          // The app is off while it is being set up, so a wrong app code is the new one, never the step-up's.
          const aboutNewCode = error instanceof ApiError && error.message === twoFactorMessages.wrongCode;
          if (!aboutNewCode && stepUp.showRefusal(error)) return;
          if (error instanceof ApiError && error.message === twoFactorMessages.passwordWrong) {
            form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
            return;
          }
          if (error instanceof ApiError && error.status < 500) {
            form.setValue('code', '');
            form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  return (
    <Stack component="form" aria-label="Set up authenticator app" noValidate spacing={2.5} onSubmit={submit}>
      <Typography>{twoFactorMessages.scanInstructions}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box
          sx={{ width: QR_SIZE, height: QR_SIZE, flexShrink: 0, bgcolor: 'common.white', borderRadius: 1 }}
        >
          {qrCode && <img src={qrCode} alt={twoFactorMessages.qrCodeAlt} width={QR_SIZE} height={QR_SIZE} />}
        </Box>
        <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
          <TextField
            label={twoFactorMessages.setupKeyLabel}
            value={groupsOfFour(setup.setupKey)}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
              },
            }}
          />
          <CopyButton
            text={setup.setupKey}
            aria-label="Copy the setup key"
            copiedLabel="Copied!"
            failedMessage="Copying failed. Type the key instead."
            sx={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </Stack>
      <TextField
        label={twoFactorMessages.codeLabel}
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
        {...formField(form, 'code')}
      />
      {firstFactor && <FirstFactorPasswordField form={form} />}
      <StepUpFields stepUp={stepUp} />
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" disabled={confirm.isPending || stepUp.signing}>
          {confirm.isPending ? 'Verifying...' : twoFactorMessages.verify}
        </Button>
        <Button onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

const passwordForm = passwordAndFactorRequest.pick({ password: true });

type TurnOffDialogProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  open: boolean;
  onClose: () => void;
};

/** Turning the app off: the password and a current factor, the app's code, a recovery code or a passkey. */
function TurnOffDialog({ audience, overview, open, onClose }: TurnOffDialogProps) {
  const form = useForm({ resolver: zodResolver(passwordForm), defaultValues: { password: '' } });
  const stepUp = useStepUp(audience, overview);
  const disable = useDisableTotp(audience);
  const toasts = useToasts();

  const submit = async () => {
    const passwordGiven = await form.trigger('password', { shouldFocus: true });
    // A code field is checked beside the password; a passkey is asked for only once the password is there.
    const factor = passwordGiven || stepUp.method === 'code' ? await stepUp.secondFactor() : null;
    if (!passwordGiven || !factor) return;
    disable.mutate(
      { password: form.getValues('password'), ...factor },
      {
        onSuccess: ({ message }) => {
          toasts.success(message);
          onClose();
        },
        onError: (error) => {
          toasts.failure(error);
          if (error instanceof ApiError && error.message === twoFactorMessages.passwordWrong) {
            form.setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
          } else {
            stepUp.showRefusal(error);
          }
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Turn off the authenticator app?"
      description="Codes from the app will no longer be accepted. Enter your password and confirm it is you."
      action={twoFactorMessages.turnOff}
      destructive
      pending={disable.isPending || stepUp.signing}
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

type AuthenticatorAppProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  onRecoveryCodes: (codes: string[]) => void;
};

/** The authenticator app: set it up (QR code, setup key, first code), or turn it off. */
export function AuthenticatorApp({ audience, overview, onRecoveryCodes }: AuthenticatorAppProps) {
  const setup = useSetupTotp(audience);
  const toasts = useToasts();
  const [enrolment, setEnrolment] = useState<TotpSetupResponse>();
  const [turningOff, setTurningOff] = useState(false);
  // Staff keep at least one factor: the app cannot go while it is the only one.
  const mustStay = overview.required && overview.totpEnabled && overview.passkeys.length === 0;

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (error) => toasts.failure(error),
    });

  return (
    <SecuritySection
      title={twoFactorMessages.authenticatorApp}
      status={
        <Chip
          size="small"
          label={overview.totpEnabled ? 'On' : 'Off'}
          color={overview.totpEnabled ? 'success' : 'default'}
          variant="outlined"
        />
      }
      description="A 6-digit code from an app such as Google Authenticator, 1Password or Authy, new every 30 seconds."
    >
      {overview.totpEnabled ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)} disabled={mustStay}>
            {twoFactorMessages.turnOff}
          </Button>
          {mustStay && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {twoFactorMessages.staffKeepsAFactor}
            </Typography>
          )}
        </Stack>
      ) : enrolment ? (
        <Enrolment
          audience={audience}
          overview={overview}
          setup={enrolment}
          onCancel={() => setEnrolment(undefined)}
          onConfirmed={(codes) => {
            setEnrolment(undefined);
            onRecoveryCodes(codes);
          }}
        />
      ) : (
        <Button
          variant="contained"
          onClick={start}
          disabled={setup.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {setup.isPending ? 'Starting...' : twoFactorMessages.setUpAuthenticator}
        </Button>
      )}
      <TurnOffDialog
        audience={audience}
        overview={overview}
        open={turningOff}
        onClose={() => setTurningOff(false)}
      />
    </SecuritySection>
  );
}
