import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

import { paths } from '../../../config/paths.js';

const COPIED_FOR_MS = 3000;

export function referralLink(referralCode: string): string {
  return `${window.location.origin}${paths.auth.signup.path}?ref=${encodeURIComponent(referralCode)}`;
}

/** The member's signup link for friends, with Copy ("Copied!" for 3 s). */
export function AffiliateLink({ referralCode }: { referralCode: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const link = referralCode ? referralLink(referralCode) : '';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <Box component="section" aria-labelledby="affiliate-link-heading" sx={{ mb: 4 }}>
      <Typography id="affiliate-link-heading" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Affiliate link
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Share this link: people who sign up through it appear in your referrals.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Your affiliate link"
          value={link}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          disabled={!link}
          sx={{ flexShrink: 0, minWidth: 120 }}
        >
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </Stack>
      {copyFailed && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.light', mt: 1 }}>
          Could not copy the link: select it and copy it by hand.
        </Typography>
      )}
    </Box>
  );
}
