import { zodResolver } from '@hookform/resolvers/zod';
import { secondStepRequest, twoFactorMessages, type TwoFactorMethod } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { formField } from '../../../components/form/form-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { PasskeyError } from '../../../lib/webauthn.js';
import type { AccountKind } from '../api/account-kind.js';
import { useFinishWithPasskey, useSecondStep, type SignedIn } from '../api/second-step.js';
import { AuthCard } from './auth-card.js';

type Mode = 'totp' | 'recovery' | 'passkey';

const instructions: Record<Mode, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you set up two-step verification.',
  passkey: 'Use your passkey to finish signing in.',
};

export type TwoStepFormProps = {
  kind: AccountKind;
  /** What the account has, as the password step answered. */
  methods: readonly TwoFactorMethod[];
  onSignedIn: (answer: SignedIn) => void;
  /** Back to the password: the sign-in expired, or the person chose to start again. */
  onRestart: () => void;
};

/** "Two-step verification": after the right password, an authenticator code, a passkey or a recovery code. */
export function TwoStepForm({ kind, methods, onSignedIn, onRestart }: TwoStepFormProps) {
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'passkey');
  // Only the field on screen is part of the request: { code } or { recoveryCode }.
  const form = useForm({ resolver: zodResolver(secondStepRequest), shouldUnregister: true });
  const secondStep = useSecondStep(kind);
  const passkey = useFinishWithPasskey(kind);
  const toasts = useToasts();
  const pending = secondStep.isPending || passkey.isPending;

  const refused = (error: unknown, field?: 'code' | 'recoveryCode') => {
    toasts.error(error instanceof PasskeyError ? error.message : serverMessage(error, 'Verification failed'));
    if (error instanceof ApiError && error.message === twoFactorMessages.pendingLoginExpired) {
      onRestart();
    } else if (field && error instanceof ApiError && error.status >= 400 && error.status < 500) {
      form.setError(field, { type: 'server', message: serverMessage(error) }, { shouldFocus: true });
    }
  };

  const submit = form.handleSubmit((provided) => {
    const field = provided.kind === 'totp' ? 'code' : 'recoveryCode';
    secondStep.mutate(provided.kind === 'totp' ? { code: provided.code } : { recoveryCode: provided.code }, {
      onSuccess: onSignedIn,
      onError: (error) => refused(error, field),
    });
  });

  const confirmWithPasskey = () => {
    setMode('passkey');
    passkey.mutate(undefined, { onSuccess: onSignedIn, onError: (error) => refused(error) });
  };

  const switchTo = (next: Mode) => {
    form.clearErrors();
    setMode(next);
  };

  return (
    <AuthCard
      title={twoFactorMessages.title}
      subtitle={instructions[mode]}
      onSubmit={submit}
      footer={
        <Button variant="text" onClick={onRestart} disabled={pending} sx={{ alignSelf: 'flex-start' }}>
          Back to login
        </Button>
      }
    >
      {mode === 'totp' && (
        <TextField
          key="code"
          label={twoFactorMessages.codeLabel}
          autoComplete="one-time-code"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
          {...formField(form, 'code')}
        />
      )}
      {mode === 'recovery' && (
        <TextField
          key="recoveryCode"
          label={twoFactorMessages.recoveryCodeLabel}
          autoComplete="off"
          autoFocus
          required
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          {...formField(form, 'recoveryCode')}
        />
      )}
      {mode === 'passkey' ? (
        <Button variant="contained" size="large" onClick={confirmWithPasskey} disabled={pending}>
          {passkey.isPending ? 'Waiting for your passkey...' : twoFactorMessages.usePasskey}
        </Button>
      ) : (
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {secondStep.isPending ? 'Verifying...' : twoFactorMessages.verify}
        </Button>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Other ways to sign in:
      </Typography>
      {mode !== 'passkey' && methods.includes('passkey') && (
        <Button variant="outlined" onClick={confirmWithPasskey} disabled={pending}>
          {twoFactorMessages.usePasskey}
        </Button>
      )}
      {mode !== 'totp' && methods.includes('totp') && (
        <Button variant="outlined" onClick={() => switchTo('totp')} disabled={pending}>
          {twoFactorMessages.useAuthenticationCode}
        </Button>
      )}
      {mode !== 'recovery' && (
        <Button variant="outlined" onClick={() => switchTo('recovery')} disabled={pending}>
          {twoFactorMessages.useRecoveryCode}
        </Button>
      )}
    </AuthCard>
  );
}
