import { twoFactorMessages } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useSecurityOverview, type SecurityAudience } from '../../../api/security.js';
import { env } from '../../../config/env.js';
import { ActiveSessions } from './active-sessions.js';
import { AuthenticatorApp } from './authenticator-app.js';
import { Passkeys } from './passkeys.js';
import { RecoveryCodes } from './recovery-codes.js';
import { RecoveryCodesDialog } from './recovery-codes-dialog.js';
import { SecuritySection } from './security-section.js';

/**
 * The security screen of members (/dashboard/security) and staff (/admin-dashboard/security): two-step
 * verification with its factors and recovery codes, and the active sessions.
 */
export function SecurityScreen({ audience }: { audience: SecurityAudience }) {
  const overview = useSecurityOverview(audience);
  // Shown once, right after the server made them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const data = overview.data;

  return (
    <Box sx={{ maxWidth: 820, display: 'grid', gap: 3 }}>
      <title>{`${twoFactorMessages.securityTitle} | ${env.PRODUCT_NAME}`}</title>
      <Typography variant="h4" component="h1">
        {twoFactorMessages.securityTitle}
      </Typography>
      {data?.required && !data.enabled && (
        <Alert severity="warning" variant="outlined">
          <AlertTitle>{twoFactorMessages.setUpFirst}</AlertTitle>
          Staff accounts need a second factor. Set up an authenticator app or add a passkey below; the rest of
          the admin area opens once one is set up.
        </Alert>
      )}
      {overview.isPending && <Typography role="status">Loading...</Typography>}
      {overview.isError && <Alert severity="error">{overview.error.message}</Alert>}
      {data && (
        <>
          <SecuritySection
            title={twoFactorMessages.title}
            status={
              <Chip
                size="small"
                label={data.enabled ? 'On' : 'Off'}
                color={data.enabled ? 'success' : 'default'}
                variant="outlined"
              />
            }
          >
            <Typography>
              {data.enabled
                ? 'Two-step verification is on: signing in asks for your authenticator app or a passkey after your password.'
                : 'Two-step verification is off. Set up an authenticator app or add a passkey to turn it on.'}
            </Typography>
          </SecuritySection>
          <AuthenticatorApp audience={audience} overview={data} onRecoveryCodes={setRecoveryCodes} />
          <Passkeys audience={audience} overview={data} onRecoveryCodes={setRecoveryCodes} />
          {data.enabled && (
            <RecoveryCodes audience={audience} overview={data} onRecoveryCodes={setRecoveryCodes} />
          )}
          <ActiveSessions audience={audience} overview={data} />
        </>
      )}
      <RecoveryCodesDialog codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />
    </Box>
  );
}
