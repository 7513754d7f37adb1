import { lazy, Suspense, type ComponentType } from 'react';

import { ServiceStatusIndicator } from './service-status-indicator.js';

type Loaded = { default: ComponentType };
let loaded: Loaded | undefined;

/**
 * Loads the live status line, react-query with it. The pre-render (ssr/render-page.tsx) awaits this first, so
 * that the footer is rendered as a finished Suspense boundary (still "Checking service status…"), which the
 * browser hydrates once the chunk is in, rather than as a fallback the browser would report as a failed
 * server render.
 */
export async function preloadServiceStatus(): Promise<Loaded> {
  const { ServiceStatus } = await import('./service-status.js');
  loaded = { default: ServiceStatus };
  return loaded;
}

/** Once loaded, a thenable that settles at once: React.lazy then renders the line without suspending. */
function loadServiceStatus(): Promise<Loaded> {
  const ready = loaded;
  if (!ready) return preloadServiceStatus();
  const settled = { then: (resolve: (value: Loaded) => void) => resolve(ready) };
  return settled as unknown as Promise<Loaded>;
}

const LiveServiceStatus = lazy(loadServiceStatus);

/** The footer's status line; "Checking service status…" until the live one has loaded. */
export function LazyServiceStatus() {
  return (
    <Suspense fallback={<ServiceStatusIndicator state="checking" />}>
      <LiveServiceStatus />
    </Suspense>
  );
}
