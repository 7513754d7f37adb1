import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { serviceLinks } from '../components/layout/public-navigation.js';
import { env } from '../config/env.js';
import { paths } from '../config/paths.js';
import { authRoutes } from './routes/auth/auth-routes.js';
import { ComingSoonRoute } from './routes/coming-soon.js';
import { HomeRoute } from './routes/home.js';
import { NotFoundRoute } from './routes/not-found.js';
import { PublicSiteRoute } from './routes/public-site.js';
import { RouteErrorBoundary } from './routes/route-error.js';

const serviceSummaries: Record<string, string> = {
  [paths.services.realEstate.path]: 'Our real estate investment plans.',
  [paths.services.retirement.path]: 'Saving and investing for your retirement.',
  [paths.services.gold.path]: 'Investing in gold.',
  [paths.services.crypto.path]: 'Investing in cryptocurrencies such as Bitcoin and Ethereum.',
  [paths.services.nfts.path]: 'Investing in non-fungible tokens.',
  [paths.services.stocks.path]: 'Investing in company shares and exchange-traded funds.',
  [paths.services.forex.path]: 'Trading currencies on the foreign exchange market.',
};

const startMembership = { label: 'Start Membership now', href: paths.auth.signup.path };

const comingSoonPages: { path: string; title: string; summary: string }[] = [
  {
    path: paths.company.path,
    title: 'Company',
    summary: `Who we are: the story, vision and mission of ${env.PRODUCT_NAME}.`,
  },
  {
    path: paths.career.path,
    title: 'Career',
    summary: `What it is like to work at ${env.PRODUCT_NAME}, and how to apply through this site.`,
  },
  {
    path: paths.contact.path,
    title: 'Contact Us',
    summary: 'Our head office in Bristol, United Kingdom, and how to reach us by e-mail.',
  },
  {
    path: paths.privacyPolicy.path,
    title: 'Privacy Policy',
    summary: 'How we collect, use, share and protect your personal information.',
  },
];

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home.path,
      Component: PublicSiteRoute,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, Component: HomeRoute },
        ...authRoutes,
        ...comingSoonPages.map(({ path, title, summary }) => ({
          path,
          element: <ComingSoonRoute title={title} summary={summary} />,
        })),
        ...serviceLinks.map((service) => ({
          path: service.href,
          element: (
            <ComingSoonRoute
              title={service.label}
              summary={serviceSummaries[service.href] ?? ''}
              action={startMembership}
            />
          ),
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
