import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import type { AssetMotif } from '../content/asset-pages.js';

function shapes(motif: AssetMotif, hue: string): ReactNode {
  switch (motif) {
    case 'buildings':
      return [60, 180, 300, 420, 540, 660].map((x, i) => (
        <rect
          key={x}
          className="drift"
          x={x}
          y={200 - (i % 3) * 50}
          width="90"
          height={200 + (i % 3) * 50}
          fill={hue}
          opacity={0.12 + (i % 3) * 0.05}
        />
      ));
    case 'sunrise':
      return (
        <>
          <circle className="pulse" cx="400" cy="400" r="150" fill={hue} opacity="0.25" />
          <circle
            className="pulse slow"
            cx="400"
            cy="400"
            r="230"
            fill="none"
            stroke={hue}
            strokeOpacity="0.3"
          />
        </>
      );
    case 'bars':
      return [0, 1, 2, 3, 4].map((i) => (
        <polygon
          key={i}
          className="drift"
          points={`${120 + i * 130},320 ${210 + i * 130},320 ${190 + i * 130},270 ${140 + i * 130},270`}
          fill={hue}
          opacity={0.22}
        />
      ));
    case 'network':
      return [
        [120, 120],
        [300, 80],
        [480, 160],
        [660, 90],
        [220, 280],
        [420, 300],
        [600, 260],
      ].map(([x, y], i, points) => {
        const [nx, ny] = points[(i + 1) % points.length] ?? [x, y];
        return (
          <g key={`${x}-${y}`}>
            <line x1={x} y1={y} x2={nx} y2={ny} stroke={hue} strokeOpacity="0.25" />
            <circle className="pulse" cx={x} cy={y} r="8" fill={hue} opacity="0.6" />
          </g>
        );
      });
    case 'tiles':
      return [0, 1, 2, 3, 4, 5].map((i) => (
        <rect
          key={i}
          className="drift"
          x={80 + i * 115}
          y={120 + (i % 2) * 80}
          width="90"
          height="90"
          rx="12"
          fill="none"
          stroke={hue}
          strokeOpacity="0.4"
        />
      ));
    case 'candles':
      return [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <g key={i} className="drift">
          <line
            x1={90 + i * 85}
            y1={140 + (i % 3) * 30}
            x2={90 + i * 85}
            y2={300 - (i % 2) * 30}
            stroke={hue}
            strokeOpacity="0.5"
          />
          <rect
            x={80 + i * 85}
            y={170 + (i % 3) * 30}
            width="20"
            height={70 - (i % 2) * 20}
            fill={hue}
            opacity="0.35"
          />
        </g>
      ));
    case 'waves':
      return [0, 1, 2].map((i) => (
        <path
          key={i}
          className="drift"
          d={`M0 ${220 + i * 40} Q 200 ${160 + i * 40} 400 ${220 + i * 40} T 800 ${220 + i * 40}`}
          fill="none"
          stroke={hue}
          strokeOpacity={0.35 - i * 0.08}
          strokeWidth="3"
        />
      ));
  }
}

/** A slowly moving picture behind an asset page's headline, drawn in SVG and animated by CSS. */
export function AssetBackdrop({ motif, hue }: { motif: AssetMotif; hue: string }) {
  return (
    <Box
      component="svg"
      aria-hidden="true"
      viewBox="0 0 800 400"
      preserveAspectRatio="xMidYMid slice"
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        '& .drift': { animation: 'asset-drift 9s ease-in-out infinite alternate' },
        '& .pulse': {
          animation: 'asset-pulse 4s ease-in-out infinite',
          transformOrigin: 'center',
          transformBox: 'fill-box',
        },
        '& .slow': { animationDuration: '7s' },
        '@keyframes asset-drift': { to: { transform: 'translate(-24px, -10px)' } },
        '@keyframes asset-pulse': { '50%': { transform: 'scale(1.15)', opacity: 0.35 } },
        '@media (prefers-reduced-motion: reduce)': { '& .drift, & .pulse': { animation: 'none' } },
      }}
    >
      {shapes(motif, hue)}
    </Box>
  );
}
