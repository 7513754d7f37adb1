import { useHealth } from '../api/get-health.js';
import { ServiceStatusIndicator, type ServiceStatusState } from './service-status-indicator.js';

/** The API's health, asked for every minute. Loaded on demand (see lazy-service-status.tsx). */
export function ServiceStatus() {
  const health = useHealth();

  let state: ServiceStatusState;
  if (health.isPending) state = 'checking';
  else if (!health.report) state = 'unavailable';
  else if (health.report.status === 'ok') state = 'ok';
  else state = 'degraded';
  return <ServiceStatusIndicator state={state} />;
}
