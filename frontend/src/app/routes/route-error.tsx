import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Last resort when a route fails to render: say so plainly and offer a reload. */
export function RouteErrorBoundary() {
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', gap: 2, textAlign: 'center', p: 3 }}
    >
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        This page could not be shown. Please reload, or try again in a moment.
      </Typography>
      <Box>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
