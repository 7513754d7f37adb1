import { twoStepOfferMessages } from '@ledgerstone/contracts/two-step-offer-messages';
import CloseIcon from '@mui/icons-material/Close';
import SecurityIcon from '@mui/icons-material/Security';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { useSecurityOverview } from '../../../api/security.js';
import { paths } from '../../../config/paths.js';

const DISMISSED_KEY = 'ledgerstone.two-step-offer-dismissed';

// Dismissed for this browser session: the offer comes back at the next one, until two-step verification is on.
function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode): the card stays closed until the page reloads.
  }
}

/** The member dashboard's offer of two-step verification, until it is set up. */
export function TwoStepOffer() {
  const overview = useSecurityOverview('user');
  const [dismissed, setDismissed] = useState(readDismissed);
  const titleId = useId();
  if (!overview.data || overview.data.enabled || dismissed) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: 'primary.dark' }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <SecurityIcon aria-hidden sx={{ color: 'primary.main', mt: 0.5 }} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {twoStepOfferMessages.offerToMembers}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            With two-step verification on, a stolen password is not enough to sign in or withdraw: we also ask
            for a code from your authenticator app or a passkey.
          </Typography>
          <Button variant="contained" href={paths.dashboard.security.path} sx={{ alignSelf: 'flex-start' }}>
            Set up two-step verification
          </Button>
        </Box>
        <IconButton
          aria-label="Dismiss"
          onClick={() => {
            rememberDismissed();
            setDismissed(true);
          }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
    </Paper>
  );
}
