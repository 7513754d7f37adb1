import { QueryProvider } from '../../../lib/query-provider.js';
import { useHealth } from '../api/get-health.js';
import { ServiceStatusIndicator, type ServiceStatusState } from './service-status-indicator.js';

function HealthIndicator() {
  const health = useHealth();

  let state: ServiceStatusState;
  if (health.isPending) state = 'checking';
  else if (health.isError) state = 'unavailable';
  else if (health.data.status === 'ok') state = 'ok';
  else state = 'degraded';
  return <ServiceStatusIndicator state={state} />;
}

/** The API's health, asked for every minute. Loaded on demand, with react-query (see lazy-service-status.tsx). */
export function ServiceStatus() {
  return (
    <QueryProvider>
      <HealthIndicator />
    </QueryProvider>
  );
}
