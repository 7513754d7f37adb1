import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type Figure = {
  key: string;
  title: string;
  /** The formatted figure, or a placeholder while it loads. */
  value: ReactNode;
  icon?: ReactNode;
  /** Outlined in the primary colour: the figure the others add up to. */
  highlighted?: boolean;
};

type FigureCardGridProps = {
  figures: Figure[];
  /** How many cards share a row on large screens; they stack on narrow ones. */
  perRowLarge: 3 | 4;
  /** The level of each card's title heading. */
  titleLevel: 'h2' | 'h3';
};

/** A row of outlined cards, each a region named by its title with one large figure. */
export function FigureCardGrid({ figures, perRowLarge, titleLevel }: FigureCardGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 4,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${perRowLarge}, minmax(0, 1fr))`,
        },
      }}
    >
      {figures.map((figure) => (
        <Paper
          key={figure.key}
          component="section"
          aria-label={figure.title}
          variant="outlined"
          sx={{
            p: 2.5,
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            borderColor: figure.highlighted ? 'primary.main' : undefined,
          }}
        >
          {figure.icon && (
            <Box
              aria-hidden="true"
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: 'rgba(212, 175, 90, 0.14)',
                color: 'primary.main',
                flexShrink: 0,
              }}
            >
              {figure.icon}
            </Box>
          )}
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="h2"
              component={titleLevel}
              sx={{ fontSize: 14, fontFamily: 'inherit', color: 'text.secondary' }}
            >
              {figure.title}
            </Typography>
            <Typography sx={{ fontSize: 22, fontWeight: 700, mt: 0.5, overflowWrap: 'anywhere' }}>
              {figure.value}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
