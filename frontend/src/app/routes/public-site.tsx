import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';

import { PublicLayout } from '../../components/layout/public-layout.js';
import { LazyServiceStatus } from '../../features/service-status/components/lazy-service-status.js';

/** A new public page opens at its top; going back or forward leaves the scrolling to the browser. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function PublicSiteRoute() {
  useScrollToTopOnNavigation();
  return (
    <PublicLayout serviceStatus={<LazyServiceStatus />}>
      <Outlet />
    </PublicLayout>
  );
}
