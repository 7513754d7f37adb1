import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { env } from '../../config/env.js';
import { PageWidth } from './page-width.js';

type PageHeaderProps = { title: string; summary?: ReactNode; children?: ReactNode };

/** The opening band of an inner page, with room for the fixed top bar above it. */
export function PageHeader({ title, summary, children }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        pt: { xs: 14, md: 18 },
        pb: { xs: 8, md: 10 },
        background:
          'radial-gradient(ellipse at 85% 0%, rgba(212, 175, 90, 0.16), transparent 55%), linear-gradient(180deg, #0d1830 0%, #0b1424 100%)',
      }}
    >
      <title>{`${title} | ${env.PRODUCT_NAME}`}</title>
      <PageWidth>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.25rem', sm: '3rem' } }}>
          {title}
        </Typography>
        {summary && (
          <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 640, fontSize: '1.125rem' }}>
            {summary}
          </Typography>
        )}
        {children}
      </PageWidth>
    </Box>
  );
}
