import Typography from '@mui/material/Typography';

export function Component() {
  return (
    <Typography variant="h4" component="h1">
      Payment Methods
    </Typography>
  );
}
