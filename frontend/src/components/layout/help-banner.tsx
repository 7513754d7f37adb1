import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { paths } from '../../config/paths.js';
import { PageWidth } from './page-width.js';

export function HelpBanner() {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        py: { xs: 5, md: 6 },
        background: 'linear-gradient(120deg, #17263f 0%, #111d33 55%, #2a2414 100%)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <PageWidth
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <Box>
          <Typography id={headingId} variant="h4" component="h2">
            Need help?{' '}
            <Box component="span" sx={{ color: 'primary.light' }}>
              Contact us
            </Box>
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Questions about your account, deposits or withdrawals? Our team is here to help.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          size="large"
          href={paths.contact.path}
          endIcon={<ArrowForwardIcon />}
          sx={{ flexShrink: 0 }}
        >
          Contact us
        </Button>
      </PageWidth>
    </Box>
  );
}
