import { Suspense } from 'react';

import { preloadableLazy } from '../../../lib/preloadable-lazy.js';
import { ServiceStatusIndicator } from './service-status-indicator.js';

/**
 * The live status line. The pre-render (ssr/render-page.tsx) preloads it first, so that
 * the footer is rendered as a finished Suspense boundary (still "Checking service status…"), which the browser
 * hydrates once the chunk is in, rather than as a fallback the browser would report as a failed server render.
 */
export const LiveServiceStatus = preloadableLazy(() =>
  import('./service-status.js').then(({ ServiceStatus }) => ServiceStatus),
);

/** The footer's status line; "Checking service status…" until the live one has loaded. */
export function LazyServiceStatus() {
  return (
    <Suspense fallback={<ServiceStatusIndicator state="checking" />}>
      <LiveServiceStatus />
    </Suspense>
  );
}
