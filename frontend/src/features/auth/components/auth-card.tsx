import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type FormEventHandler, type ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  subtitle?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A field of the form got the focus (e.g. to load what validating it needs). */
  onFocus?: () => void;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame every authentication screen shares: a titled form, its fields, then its links. */
export function AuthCard({ title, subtitle, onSubmit, onFocus, children, footer }: AuthCardProps) {
  const titleId = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, pt: { xs: 12, sm: 16 }, pb: 8 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 } }}>
        <Typography id={titleId} variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {/* POST: should the browser ever submit the form itself (its script failed to load), the fields go in
            the request's body, never in the address. */}
        <Stack
          component="form"
          method="post"
          aria-labelledby={titleId}
          noValidate
          onSubmit={onSubmit}
          onFocus={onFocus}
          spacing={2.5}
          sx={{ mt: 2 }}
        >
          {children}
        </Stack>
        {footer && (
          <Stack spacing={1} sx={{ mt: 3 }}>
            {footer}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
