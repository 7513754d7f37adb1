import Box, { type BoxProps } from '@mui/material/Box';

/**
 * The public pages' content column: full width up to the theme's `lg` breakpoint, centred, with MUI
 * Container's gutters. It is a Box, as are the grids and cards of the pages every first visit loads (the top
 * bar, the footer, the home page): Container, Grid, Stack, Paper, Divider and Link would each add their own
 * code to the script budget of the first visit.
 */
export function PageWidth({ sx, ...props }: BoxProps) {
  return (
    <Box
      {...props}
      sx={[
        { width: '100%', maxWidth: 'lg', mx: 'auto', px: { xs: 2, sm: 3 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
