import { RECOVERY_CODE_COUNT, twoFactorMessages, type SecurityOverview } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';

import type { SecurityAudience } from '../../../api/security.js';
import { useToasts } from '../../../lib/toasts.js';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.js';
import { PasswordAndCodeDialog } from './password-and-code-dialog.js';
import { SecuritySection } from './security-section.js';

type RecoveryCodesProps = {
  audience: SecurityAudience;
  overview: SecurityOverview;
  onRecoveryCodes: (codes: string[]) => void;
};

/** How many single-use codes are left, and a new set (the old ones stop working). */
export function RecoveryCodes({ audience, overview, onRecoveryCodes }: RecoveryCodesProps) {
  const regenerate = useRegenerateRecoveryCodes(audience);
  const toasts = useToasts();
  const [open, setOpen] = useState(false);
  const left = overview.recoveryCodesLeft;

  return (
    <SecuritySection
      title={twoFactorMessages.recoveryCodes}
      status={
        <Chip
          size="small"
          variant="outlined"
          color={left > 2 ? 'success' : 'warning'}
          label={`${left} of ${RECOVERY_CODE_COUNT} left`}
        />
      }
      description="Each recovery code signs you in once when your authenticator app or passkey is out of reach."
    >
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ justifySelf: 'start' }}>
        {twoFactorMessages.regenerateRecoveryCodes}
      </Button>
      <PasswordAndCodeDialog
        open={open}
        title={twoFactorMessages.regenerateRecoveryCodes}
        description="Your current recovery codes will stop working. Enter your password and a current code to confirm."
        action="Generate"
        codeHelp={
          overview.totpEnabled
            ? 'The 6-digit code from your authenticator app, or a recovery code'
            : 'One of your current recovery codes'
        }
        isPending={regenerate.isPending}
        onClose={() => setOpen(false)}
        onSubmit={(body, refused) =>
          regenerate.mutate(body, {
            onSuccess: ({ message, recoveryCodes }) => {
              toasts.success(message);
              setOpen(false);
              onRecoveryCodes(recoveryCodes);
            },
            onError: (error) => {
              toasts.failure(error);
              refused(error);
            },
          })
        }
      />
    </SecuritySection>
  );
}
