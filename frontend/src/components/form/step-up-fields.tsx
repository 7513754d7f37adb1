import { zodResolver } from '@hookform/resolvers/zod';
import {
  codeOrRecoveryCode,
  twoFactorMessages,
  type SecurityOverview,
  type StepUpFactorInput,
} from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { getStepUpOptions, useSecurityOverview, type SecurityAudience } from '../../api/security.js';
import { ApiError } from '../../lib/api-client.js';
import { PasskeyError, signWithPasskey } from '../../lib/webauthn.js';
import { formField } from './form-field.js';

type StepUpMethod = 'code' | 'passkey';

const codeForm = z.object({ code: codeOrRecoveryCode });

const factorMessages: ReadonlySet<string> = new Set(Object.values(twoFactorMessages));

/** The server's 403 (no factor given) or 422 (a wrong one) about the second factor, not about the rest of the form. */
function isFactorRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 422)) return false;
  return (
    factorMessages.has(error.message) ||
    Object.keys(error.fieldErrors).some((field) => field.startsWith('secondFactor'))
  );
}

/** What a person with these factors may confirm with, and what they are offered first. */
function methodsOf(overview: SecurityOverview | undefined) {
  const passkey = (overview?.passkeys.length ?? 0) > 0;
  // The code field takes the app's code or a recovery code.
  const code = overview?.totpEnabled === true || (overview?.recoveryCodesLeft ?? 0) > 0;
  const preferred: StepUpMethod = overview?.totpEnabled || !passkey ? 'code' : 'passkey';
  return { code, passkey, preferred };
}

/**
 * A fresh second factor inside a form that changes money or where it goes (a withdrawal, the payout wallets):
 * asked for once the person has one, and checked by the server. Pass `overview` where the screen has it at hand
 * already; otherwise the hook reads it.
 */
export function useStepUp(audience: SecurityAudience, overview?: SecurityOverview) {
  const read = useSecurityOverview(audience);
  const security = overview ?? read.data;
  const methods = methodsOf(security);
  const [chosen, setChosen] = useState<StepUpMethod>();
  const [passkeyError, setPasskeyError] = useState<string>();
  const [signing, setSigning] = useState(false);
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const method = chosen ?? methods.preferred;

  /**
   * The factor to send with the request: undefined when none is needed, null when it is missing or the passkey
   * did not sign (the reason is on screen).
   */
  const secondFactor = async (): Promise<StepUpFactorInput | undefined | null> => {
    if (security?.enabled !== true) return undefined;
    setPasskeyError(undefined);
    if (method === 'code') {
      const valid = await form.trigger('code', { shouldFocus: true });
      return valid ? { code: form.getValues('code') } : null;
    }
    setSigning(true);
    try {
      return { passkey: await signWithPasskey(await getStepUpOptions(audience)) };
    } catch (error) {
      setPasskeyError(
        error instanceof PasskeyError || error instanceof ApiError ? error.message : String(error),
      );
      return null;
    } finally {
      setSigning(false);
    }
  };

  /** Shows the server's refusal of the factor where it was given; says whether it was about the factor. */
  const showRefusal = (error: unknown): boolean => {
    if (!isFactorRefusal(error)) return false;
    if (method === 'code') {
      // A code is good once; the next attempt needs the next one.
      form.setValue('code', '');
      form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
    } else {
      setPasskeyError(error.message);
    }
    return true;
  };

  const reset = () => {
    form.reset();
    setPasskeyError(undefined);
  };

  return {
    required: security?.enabled === true,
    methods,
    method,
    choose: (next: StepUpMethod) => {
      setChosen(next);
      setPasskeyError(undefined);
      form.clearErrors();
    },
    form,
    passkeyError,
    signing,
    secondFactor,
    showRefusal,
    reset,
  };
}

export type StepUp = ReturnType<typeof useStepUp>;

/** The step-up's fields, inside the form they confirm; nothing until the person has a second factor. */
export function StepUpFields({ stepUp }: { stepUp: StepUp }) {
  const titleId = useId();
  if (!stepUp.required) return null;
  const { methods, method } = stepUp;
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {twoFactorMessages.stepUpTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {twoFactorMessages.stepUpRequired}
      </Typography>
      {methods.code && methods.passkey && (
        <RadioGroup
          row
          aria-label="Confirm with"
          value={method}
          onChange={(event) => stepUp.choose(event.target.value as StepUpMethod)}
        >
          <FormControlLabel value="code" control={<Radio />} label="Enter a code" />
          <FormControlLabel value="passkey" control={<Radio />} label={twoFactorMessages.usePasskey} />
        </RadioGroup>
      )}
      {method === 'code' ? (
        <TextField
          label={twoFactorMessages.codeLabel}
          autoComplete="one-time-code"
          required
          {...formField(stepUp.form, 'code')}
          helperText={
            stepUp.form.formState.errors.code?.message ??
            'The 6-digit code from your authenticator app, or a recovery code'
          }
          slotProps={{ htmlInput: { inputMode: 'text', spellCheck: false, autoCapitalize: 'none' } }}
        />
      ) : (
        <>
          <Typography variant="body2">When you continue, your browser asks for your passkey.</Typography>
          {stepUp.passkeyError && (
            <FormHelperText error role="alert">
              {stepUp.passkeyError}
            </FormHelperText>
          )}
        </>
      )}
    </Box>
  );
}
