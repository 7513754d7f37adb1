import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { promotion } from '../content/promotion.js';

export function PromotionBanner({ content = promotion }: { content?: typeof promotion }) {
  return (
    <Box
      role="region"
      aria-label="Announcement"
      sx={{
        p: { xs: 3, md: 4 },
        borderRadius: 3,
        border: 1,
        borderColor: 'primary.dark',
        background: 'linear-gradient(120deg, rgba(212, 175, 90, 0.18), rgba(143, 179, 217, 0.08))',
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 3,
        alignItems: { md: 'center' },
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 1 }}>
          {content.headline}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 640 }}>{content.text}</Typography>
      </Box>
      <Button variant="contained" size="large" href={content.action.href} sx={{ flexShrink: 0 }}>
        {content.action.label}
      </Button>
    </Box>
  );
}
