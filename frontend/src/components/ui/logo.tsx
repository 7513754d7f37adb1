import Box from '@mui/material/Box';
import { useId } from 'react';

import { env } from '../../config/env.js';

export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dc94" />
          <stop offset="1" stopColor="#b98a2e" />
        </linearGradient>
      </defs>
      <path d="M3 4h26l-6.5 24h-13z" fill={`url(#${gradientId})`} />
      <path d="M8 11h16M9.5 16.5h13M11 22h10" stroke="#0b1424" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The keystone mark and the wordmark; the name itself comes from configuration. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} />
      <Box
        component="span"
        sx={{
          fontFamily: (theme) => theme.typography.h1.fontFamily,
          fontSize: size * 0.72,
          fontWeight: 600,
          letterSpacing: '0.02em',
          color: 'common.white',
          lineHeight: 1,
        }}
      >
        {env.PRODUCT_NAME}
      </Box>
    </Box>
  );
}
