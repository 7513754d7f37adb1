import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { TextInput } from '../../../components/form/text-input.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { paths } from '../../../config/paths.js';

export function referralLink(referralCode: string): string {
  return `${window.location.origin}${paths.auth.signup.path}?ref=${encodeURIComponent(referralCode)}`;
}

/** The member's signup link for friends, with Copy ("Copied!" for 3 s). */
export function AffiliateLink({ referralCode }: { referralCode: string | undefined }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const link = referralCode ? referralLink(referralCode) : '';

  return (
    <Box component="section" aria-labelledby="affiliate-link-heading" sx={{ mb: 4 }}>
      <Typography id="affiliate-link-heading" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Affiliate link
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Share this link: people who sign up through it appear in your referrals.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextInput label="Your affiliate link" value={link} size="small" fullWidth readOnly />
        <CopyButton
          text={link}
          copiedLabel="Copied!"
          onResult={(copied) => setCopyFailed(!copied)}
          variant="contained"
          disabled={!link}
          sx={{ flexShrink: 0, minWidth: 120 }}
        />
      </Stack>
      {copyFailed && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.light', mt: 1 }}>
          Could not copy the link: select it and copy it by hand.
        </Typography>
      )}
    </Box>
  );
}
