import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { useTypingText } from '../hooks/use-typing-text.js';

type TypingTitleProps = { id: string; name: string; phrases: readonly string[] };

/** The hero title: screen readers hear the product name once; sighted visitors watch the phrases type. */
export function TypingTitle({ id, name, phrases }: TypingTitleProps) {
  const typed = useTypingText(phrases);
  return (
    <Typography
      id={id}
      variant="h1"
      sx={{
        fontSize: { xs: '2.6rem', sm: '4.25rem', md: '5.25rem' },
        lineHeight: 1.08,
        mt: 1,
        minHeight: '2.2em',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {name}
      </Box>
      <Box component="span" aria-hidden="true" data-testid="hero-typed-text">
        {typed}
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          display: 'inline-block',
          width: '0.06em',
          height: '0.9em',
          ml: '0.06em',
          bgcolor: 'primary.main',
          verticalAlign: '-0.08em',
          animation: 'hero-caret 1s steps(1) infinite',
          '@keyframes hero-caret': { '50%': { opacity: 0 } },
          '@media (prefers-reduced-motion: reduce)': { display: 'none' },
        }}
      />
    </Typography>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
