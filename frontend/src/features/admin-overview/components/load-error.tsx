import Typography from '@mui/material/Typography';

/** A section whose figures could not be read says why, in the server's words. */
export function LoadError({ message }: { message: string }) {
  return (
    <Typography role="alert" sx={{ color: 'error.light' }}>
      {message}
    </Typography>
  );
}
