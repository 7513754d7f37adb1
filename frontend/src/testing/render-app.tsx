import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProvider } from '../app/provider.js';
import { createAppRoutes } from '../app/router.js';

/** Renders the whole app (real providers, real routes) at a path. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
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
