import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { paths } from '../../../config/paths.js';
import type { AssetPage as AssetPageContent } from '../content/asset-pages.js';
import { AssetBackdrop } from './asset-backdrop.js';
import { PageWidth } from '../../../components/layout/page-width.js';

export function AssetPage({ page, productName }: { page: AssetPageContent; productName: string }) {
  return (
    <Box
      component="section"
      aria-labelledby="asset-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: '88svh',
        display: 'flex',
        alignItems: 'center',
        background: 'linear-gradient(160deg, #0e1b33 0%, #0b1424 60%, #070e1a 100%)',
      }}
    >
      <title>{`${page.title} | ${productName}`}</title>
      <AssetBackdrop motif={page.motif} hue={page.hue} />
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          background:
            'linear-gradient(90deg, rgba(7, 14, 26, 0.92) 0%, rgba(7, 14, 26, 0.6) 60%, rgba(7, 14, 26, 0.3) 100%)',
        }}
      />
      <PageWidth sx={{ position: 'relative', py: { xs: 14, md: 16 } }}>
        <Typography
          id="asset-title"
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '2.4rem', sm: '3.4rem' } }}
        >
          {page.title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ color: 'primary.light', mt: 2, maxWidth: 640 }}>
          {page.headline}
        </Typography>
        {page.paragraphs.map((paragraph) => (
          <Typography
            key={paragraph}
            sx={{ color: 'text.secondary', mt: 2, maxWidth: 640, fontSize: '1.1rem' }}
          >
            {paragraph}
          </Typography>
        ))}
        <Button variant="contained" size="large" href={paths.auth.signup.path} sx={{ mt: 5 }}>
          Start Membership now
        </Button>
      </PageWidth>
    </Box>
  );
}
