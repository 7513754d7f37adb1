import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router-dom';

import { AppProvider } from '../app/provider.js';
import { AppRoutes } from '../app/router.js';

/** Renders the whole app (real providers, real routes) at a path. */
export function renderApp(path = '/') {
  return renderRoutes(path, <AppRoutes />);
}

/**
 * Renders `routes` in the app's providers, in a router at `path`. `currentLocation()` tells where it is now;
 * `navigate` moves it, as a link would.
 */
export function renderRoutes(path: string, routes: ReactNode) {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  function RouterProbe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  const result = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe />
        {routes}
      </MemoryRouter>
    </AppProvider>,
  );
  const currentLocation = (): Location => {
    if (!location) throw new Error('The app has not rendered yet');
    return location;
  };
  /** Moves to `to`, or through the history by a number of entries (-1 is back). */
  const navigate = async (to: To | number, options?: NavigateOptions) => {
    if (!navigateTo) throw new Error('The app has not rendered yet');
    await (typeof to === 'number' ? navigateTo(to) : navigateTo(to, options));
  };
  return { ...result, currentLocation, navigate };
}

/** Makes `(max-width: Npx)` media queries answer as a window of the given width would. */
export function setViewportWidth(width: number) {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    const minWidth = /min-width:\s*(\d+)px/.exec(query)?.[1];
    const matches =
      (maxWidth === undefined || width <= Number(maxWidth)) &&
      (minWidth === undefined || width >= Number(minWidth));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}
