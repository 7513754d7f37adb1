import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';

import { PublicLayout } from '../../components/layout/public-layout.js';
import { Island } from '../../components/ui/island.js';
import { LazyServiceStatus } from '../../features/service-status/components/lazy-service-status.js';

/** A new public page opens at its top; going back or forward leaves the scrolling to the browser. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function PublicSiteRoute() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);
  return (
    <PublicLayout
      currentPath={pathname}
      serviceStatus={<Island name="service-status" component={LazyServiceStatus} props={{}} />}
    >
      <Outlet />
    </PublicLayout>
  );
}
