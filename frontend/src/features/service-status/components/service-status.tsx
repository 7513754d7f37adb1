import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { useHealth } from '../api/get-health.js';

type Indicator = { label: string; color: string };

export function ServiceStatus() {
  const health = useHealth();

  let indicator: Indicator;
  if (health.isPending) {
    indicator = { label: 'Checking service status…', color: 'text.disabled' };
  } else if (health.isError) {
    indicator = { label: 'Service status unavailable', color: 'text.disabled' };
  } else if (health.data.status === 'ok') {
    indicator = { label: 'All systems operational', color: 'success.main' };
  } else {
    indicator = { label: 'Some services are degraded', color: 'warning.main' };
  }

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
