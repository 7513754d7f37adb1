import { Outlet, ScrollRestoration } from 'react-router-dom';

import { PublicLayout } from '../../components/layout/public-layout.js';
import { ServiceStatus } from '../../features/service-status/components/service-status.js';

export function PublicSiteRoute() {
  return (
    <PublicLayout serviceStatus={<ServiceStatus />}>
      <ScrollRestoration />
      <Outlet />
    </PublicLayout>
  );
}
