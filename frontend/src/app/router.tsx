import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { serviceLinks } from '../components/layout/public-navigation.js';
import { paths } from '../config/paths.js';
import { NotFoundRoute } from './routes/not-found.js';
import { Component as HomeRoute } from './routes/public/home.js';
import { PublicSiteRoute } from './routes/public-site.js';
import { RouteErrorBoundary } from './routes/route-error.js';

/**
 * The home page ships with the entry; every other page is its own chunk, and the auth screens, with their
 * forms and schemas, load only when one of them is visited.
 */
const signedInPaths = [
  ...Object.values(paths.auth).map(({ path }) => path),
  paths.dashboard.path,
  paths.adminDashboard.path,
];

const authRoutes: RouteObject[] = signedInPaths.map((path) => ({
  path,
  lazy: async () => {
    const { authRoutes: routes } = await import('./routes/auth/auth-routes.js');
    const route = routes.find((candidate) => candidate.path === path);
    return { Component: route?.Component ?? NotFoundRoute };
  },
}));

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home.path,
      Component: PublicSiteRoute,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, Component: HomeRoute },
        ...authRoutes,
        { path: paths.company.path, lazy: () => import('./routes/public/company.js') },
        { path: paths.career.path, lazy: () => import('./routes/public/career.js') },
        { path: paths.contact.path, lazy: () => import('./routes/public/contact.js') },
        { path: paths.privacyPolicy.path, lazy: () => import('./routes/public/privacy-policy.js') },
        ...serviceLinks.map((service) => ({
          path: service.href,
          lazy: () => import('./routes/public/asset.js'),
        })),
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
