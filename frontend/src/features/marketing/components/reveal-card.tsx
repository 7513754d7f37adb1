import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { useRevealOnScroll } from '../hooks/use-reveal-on-scroll.js';
import { outlinedCard } from './outlined-card.js';

type RevealCardProps = { icon: ReactNode; title: string; text: string; delayMs?: number };

/** A feature card that rises into place when scrolled into view and grows slightly under the pointer. */
export function RevealCard({ icon, title, text, delayMs = 0 }: RevealCardProps) {
  const { ref, revealed, animated } = useRevealOnScroll<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      data-revealed={revealed}
      sx={{
        ...outlinedCard,
        p: 3,
        height: '100%',
        opacity: revealed ? 1 : 0,
        transform: revealed ? 'none' : 'translateY(24px)',
        transition: animated
          ? `opacity 600ms ease ${delayMs}ms, transform 600ms ease ${delayMs}ms, border-color 200ms`
          : 'none',
        '&:hover': animated
          ? { transform: 'scale(1.03)', borderColor: 'primary.main', transitionDelay: '0ms' }
          : {},
      }}
    >
      <Typography
        component="span"
        aria-hidden="true"
        sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}
      >
        {icon}
      </Typography>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {text}
      </Typography>
    </Box>
  );
}
