import { Outlet, ScrollRestoration } from 'react-router-dom';

import { PublicLayout } from '../../components/layout/public-layout.js';
import { LazyServiceStatus } from '../../features/service-status/components/lazy-service-status.js';

export function PublicSiteRoute() {
  return (
    <PublicLayout serviceStatus={<LazyServiceStatus />}>
      <ScrollRestoration />
      <Outlet />
    </PublicLayout>
  );
}
