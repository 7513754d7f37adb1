import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type ServiceStatusState = 'checking' | 'unavailable' | 'ok' | 'degraded';

const indicators: Record<ServiceStatusState, { label: string; color: string }> = {
  checking: { label: 'Checking service status…', color: 'text.disabled' },
  unavailable: { label: 'Service status unavailable', color: 'text.disabled' },
  ok: { label: 'All systems operational', color: 'success.main' },
  degraded: { label: 'Some services are degraded', color: 'warning.main' },
};

/** The footer's status line as it looks in each state; it asks nothing itself (see service-status.tsx). */
export function ServiceStatusIndicator({ state }: { state: ServiceStatusState }) {
  const indicator = indicators[state];
  return (
    <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden="true"
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: indicator.color, flexShrink: 0 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {indicator.label}
      </Typography>
    </Box>
  );
}
